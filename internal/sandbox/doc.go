// Package sandbox runs the bot with no Discord account: a web page, served on 127.0.0.1, that
// looks and behaves like a Discord channel, in front of the local stand-in for Discord
// (internal/fakediscord) that the real bot talks to with the real discordgo client.
//
// The page shows the stand-in's guild as Discord's client does: channels and threads in a
// sidebar; messages with their markdown, images, embeds and buttons; ephemeral messages only to
// their user, marked "Only you can see this"; and a message box where slash commands are typed,
// such as /volo challenge opponent:@ben, with the popup Discord shows while typing: the
// commands, their options, and for the option being typed its choices, the guild's members or
// the bot's own autocomplete suggestions. As in Discord's client, choosing a command puts the
// cursor in its first required option (/volo move move:), and a value typed there without the
// option's name fills it (/volo move f5). A switch picks who the page acts as (ana and ben, who
// play, and cleo, who watches), so that one person can play both sides. New messages arrive
// without reloading, over server-sent events. The page is plain HTML, CSS and JavaScript
// embedded in the binary, with no build step and nothing fetched from the network.
//
// Under "Direct Messages" the sidebar lists the acting user's direct messages with the bot,
// such as Volo's "It is your move" with the board, once the bot has written there, with a red
// count of those not yet seen (the page keeps what was seen in the browser's local storage).
// They are the acting user's alone: the API serves a user's direct messages, and the event
// stream their new ones, only when asked as that user, and switching who the page acts as
// switches whose are shown. A link to a channel of the guild in a message, as the bot puts in
// its direct messages, leads to that channel, as Discord's client shows it. The bot registers
// its commands in the guild, so in direct messages the message box is off and says that its
// commands work in the server's channels; the API refuses commands there with that sentence.
//
// Typical use, in the bot's main when no Discord token is set:
//
//	srv := fakediscord.New(fakediscord.Options{})
//	srv.Start()
//	defer srv.Close()
//	sb, _ := sandbox.New(srv, sandbox.Options{}) // seeds "Volo Sandbox" with #general and #volo
//
//	s, _ := discordgo.New("Bot sandbox")
//	srv.Configure(s) // the real client, pointed at the stand-in
//	// ... the bot's handlers, s.Open(), command registration ...
//
//	ln, _ := net.Listen("tcp", sandbox.DefaultAddr)
//	fmt.Printf("Sandbox: open http://%s\n", ln.Addr())
//	sb.Serve(ctx, ln) // until ctx ends
//
// The page talks to a small JSON API, which tests can use too:
//
//	GET  /api/state                            the guild, its users, channels and threads
//	GET  /api/dms?user=name                    the user's direct messages with the bot
//	GET  /api/messages?channel=ID&user=name    a channel's messages as a user sees them, or
//	                                           the user's own direct messages
//	GET  /api/autocomplete?channel&user&line   the popup for a line being typed
//	POST /api/command {channel, user, line}    run a slash command, or post a message
//	POST /api/click {user, message, customId, values}
//	POST /api/modal {interaction, values}      submit a form the bot asked for
//	POST /api/threads {channel, user, name}    start a thread
//	GET  /attachments/{channel}/{id}/{name}    an attachment's bytes
//	GET  /events?user=name                     server-sent events: ready, message, channel;
//	                                           direct messages only those of the user named
//
// Package sandboxtest drives the page in headless Chromium, for tests that play through it.
package sandbox
