package lang

// botMessages are the words of package bot.
var botMessages = []Message{}
