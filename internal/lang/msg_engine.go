package lang

// engineMessages are the words of package engine.
var engineMessages = []Message{}
