package lang

// renderMessages are the words of package render.
var renderMessages = []Message{}
