// Package fakediscord is a local stand-in for Discord: a REST API and a gateway websocket on a
// loopback port that a real discordgo Session talks to, so the bot can be tested end to end,
// and run in the sandbox, without Discord.
//
// A Server holds one application with its bot user, and the guilds, roles, members, channels,
// threads, messages (with their attachments' bytes) and registered commands that the bot and
// the people in it create. It answers the REST routes discordgo v0.29.0 uses (under /api/v9,
// which discordgo calls, and /api/v10), Discord-shaped: snowflake IDs, Discord's JSON error
// objects and codes, permissions checked, ephemeral messages seen only by their user, and
// interaction callbacks accepted once, within the deadline. The gateway answers HELLO,
// IDENTIFY (recording the intents), heartbeats and RESUME, and sends READY, GUILD_CREATE and
// whatever else the bot's intents ask for.
//
// Typical use in a test:
//
//	srv := fakediscord.New(fakediscord.Options{Validator: v}) // v from LoadValidator(FindSpec(dir))
//	srv.Start()
//	defer srv.Close()
//	guild := srv.AddGuild("Volo Club")
//	general, _ := srv.AddChannel(guild.ID, "general")
//	ana, _ := srv.AddUser("ana")
//	srv.AddMember(guild.ID, ana.ID)
//
//	s, _ := discordgo.New("Bot test-token")
//	srv.Configure(s) // HTTP client rewritten to the server; discordgo's endpoints untouched
//	s.Open()         // GET /gateway hands out the stand-in's websocket
//	defer s.Close()  // before srv.Close, or discordgo keeps reconnecting
//	srv.WaitReady(ctx)
//
//	inter, _ := srv.RunCommandLine(general.ID, "ana", "/volo challenge opponent:@ben")
//	reply, _ := inter.Callback(ctx)        // the bot's callback
//	replies, _ := inter.WaitReplies(ctx, 3) // ...and its edits and follow-ups
//
// Interactions are injected the way Discord builds them: InvokeCommand and Autocomplete (or
// RunCommandLine and AutocompleteCommandLine, which parse what a person types in the message
// box against the registered commands), ClickComponent and SubmitModal. Each returns an
// Interaction whose replies can be awaited.
//
// Every HTTP request is recorded (Requests, RequestsTo, UnmatchedRequests). With a Validator,
// every JSON body, or payload_json of a multipart body, is checked against the requestBody
// schema of Discord's OpenAPI description, and failures are recorded (ValidationFailures);
// Allowances lists the narrow, documented exceptions made for discordgo. Subscribe streams
// message and channel changes, for a page that shows channels like Discord.
//
// Everything stays on 127.0.0.1: the HTTP client refuses any host but Discord's, which it
// sends to the server.
package fakediscord
