package lang

// tables are the catalogue's parts, one per package whose words they hold.
var tables = [][]Message{
	common,
	engineMessages,
	renderMessages,
	botMessages,
	botPlayMessages,
	reviewMessages,
	puzzleMessages,
}

// common are the words many packages use: the colours.
var common = []Message{
	{EN: "Orange", FR: "Orange"},
	{EN: "Blue", FR: "Bleu"},
}
