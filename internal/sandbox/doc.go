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
//	GET  /api/messages?channel=ID&user=name    a channel's messages as a user sees them
//	GET  /api/autocomplete?channel&user&line   the popup for a line being typed
//	POST /api/command {channel, user, line}    run a slash command, or post a message
//	POST /api/click {user, message, customId, values}
//	POST /api/modal {interaction, values}      submit a form the bot asked for
//	POST /api/threads {channel, user, name}    start a thread
//	GET  /attachments/{channel}/{id}/{name}    an attachment's bytes
//	GET  /events                               server-sent events: ready, message, channel
//
// Package sandboxtest drives the page in headless Chromium, for tests that play through it.
package sandbox
