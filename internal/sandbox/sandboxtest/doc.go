// Package sandboxtest drives the sandbox's page in headless Chromium, as a person would: pick who
// to act as and where, type a slash command with its autocomplete, click the bot's buttons and
// menus, wait for what the bot answers, and take screenshots. Tests that play a game through
// the page use it with the real bot. It is apart from package sandbox so that the bot's binary
// does not carry the browser driver.
//
// A test that opens a page skips, saying why, when no Chromium is installed (on Debian:
// apt-get install chromium; $CHROMIUM names another binary). Chromium runs headless with a fresh
// profile and its background networking off, so that nothing leaves the machine.
//
// Typical use, with a stand-in, the sandbox and a bot already running:
//
//	page := httptest.NewServer(sb) // sb from sandbox.New
//	p := sandboxtest.Open(t, page.URL+"/?as=ana&channel=volo", sandboxtest.Options{})
//	p.Type("/volo challenge opp")
//	p.ChooseSuggestion("opponent")
//	p.Type("@ben")
//	p.ChooseSuggestion("ben")
//	p.Send()
//	p.WaitForText("challenges")
//	p.SelectUser("ben")
//	p.ClickButton("Accept")
//	p.Run("/volo move move:f5") // a whole line at once
//	p.Screenshot("after-f5")    // logs the path of the PNG
//	last := p.LastMessage()     // author, text, images, buttons, ephemeral
//	p.WaitForDM(1)              // the bot wrote to the acting user: one unread
//	p.SelectDM()                // their direct messages with the bot
//	p.SelectDirectMessage("ana, ben") // a group DM of theirs, where the bot is not a member
//
// Every method fails the test, with a screenshot and the text of the messages, when the page
// does not do what it expects within Options.Step.
package sandboxtest
