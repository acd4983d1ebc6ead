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
// play, cleo, who watches, margaux, who plays and whose Discord speaks French, and dana, who
// manages the server and so creates tournaments and changes its settings), so that one
// person can play both sides; its form adds more people (a username, their Discord in English
// or French), members with the app added to their account, as many as a tournament needs.
// New messages arrive without reloading, over server-sent events.
// The page is plain HTML, CSS and JavaScript embedded in the binary, with no build step and
// nothing fetched from the network.
//
// # Direct messages and group DMs
//
// The seeded world is also one where the app is used without its bot, as Discord's
// user-installable apps are: ana, ben and margaux have added it to their accounts
// (fakediscord's InstallForUser), and ana and ben share a group DM, "ana, ben", that the bot is
// not a member of. Under "Direct Messages" the sidebar lists, for the acting user alone, their
// group DMs (the group's icon, name and member count) and DMs with other people, the latest
// active first, and their direct messages with the bot, such as Volo's "It is your move" with
// the board, once the bot has written there or they opened them (clicking the bot in the member
// list does, as "Message" on its profile does in Discord's client); each with a red count of the
// messages not seen (the page keeps what was seen in the browser's local storage). The API
// serves a user's direct messages and group DMs, and the event stream what happens in them, only
// when asked as someone in them: to anyone else they are no such channel, and switching who the
// page acts as switches whose are shown. A link to a channel of the guild in a message, as the
// bot puts in its direct messages, leads to that channel, as Discord's client shows it.
//
// In a group DM or DM the message box works as in the guild's channels: people talk there, and
// the commands the stand-in offers the user there (CommandsOffered: through their own install,
// in context PRIVATE_CHANNEL, or BOT_DM in the bot's direct messages) are typed with the same
// popup, whose user options list the conversation's people and the bot. The bot answers there
// through the interaction alone. Where the bot registers its commands in the guild only, its
// direct messages have the message box off, saying that its commands work in the server's
// channels, and the API refuses lines there with that sentence.
//
// # Languages
//
// The popup names commands, options and choices in the language of the acting user's Discord
// client (fakediscord's SetLocale; margaux's is "fr"), from the name_localizations the bot
// registered, as Discord's client does; a line typed with those names is read back into the
// registered names before it is run, and the stand-in sends each of the user's interactions with
// their locale. The stand-in keeps the localizations of commands, options and choices as the bot
// registered them.
//
// A world kept by an earlier version (Options.WorldFile) gains, when loaded, the seeded people and
// group DMs it lacks, with new IDs; nothing it holds is changed.
//
// The world file keeps the channels' messages too: the latest the stand-in holds of each channel
// (fakediscord's Options.MaxMessagesPerChannel, 200 unless set), without the ephemeral ones,
// which Discord's client forgets when it is reloaded. Their attachments are kept in a folder
// beside it, volo-sandbox.world.attachments for volo-sandbox.world.json, a file each named by its
// ID. They are written shortly after a message is posted or edited, so a restarted sandbox shows
// its channels as they were and the bot's buttons there still work.
//
// Typical use, in the bot's main when no Discord token is set:
//
//	srv := fakediscord.New(fakediscord.Options{})
//	srv.Start()
//	defer srv.Close()
//	sb, _ := sandbox.New(srv, sandbox.Options{}) // seeds "Volo Sandbox", #general, #volo, a group DM
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
//	GET  /api/dms?user=name                    the user's direct messages and group DMs
//	POST /api/dms {user}                       open the user's direct messages with the bot
//	GET  /api/messages?channel=ID&user=name    a channel's messages as a user sees them, or
//	                                           those of the user's own DMs and group DMs
//	GET  /api/autocomplete?channel&user&line   the popup for a line being typed
//	POST /api/command {channel, user, line}    run a slash command, or post a message
//	POST /api/click {user, message, customId, values, forged}
//	                                           a click; forged sends any custom ID on the
//	                                           message, as a tampered client would
//	POST /api/threads {channel, user, name}    start a thread
//	POST /api/users {name, locale}             add a person to the guild, the app added to
//	                                           their account; locale "en-US" (the default) or "fr"
//	GET  /attachments/{channel}/{id}/{name}    an attachment's bytes
//	GET  /events?user=name                     server-sent events: ready, message, channel;
//	                                           of DMs and group DMs, only the user's own
//
// Package sandboxtest drives the page in headless Chromium, for tests that play through it.
package sandbox
