package lang

// botPlayMessages are the words of package bot (moves, games and their announcements).
var botPlayMessages = []Message{}
