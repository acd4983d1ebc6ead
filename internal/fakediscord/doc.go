// Package fakediscord is a local stand-in for Discord: a REST API and a gateway websocket on a
// loopback port that a real discordgo Session talks to, so the bot can be tested end to end,
// and run in the sandbox, without Discord.
//
// A Server holds one application with its bot user, and the guilds, roles, members, channels,
// threads, messages (with their attachments' bytes) and registered commands that the bot and
// the people in it create. It answers the REST routes discordgo v0.29.0 uses under /api/v10,
// the version the bot speaks, and /api/v9, discordgo's default, Discord-shaped: snowflake IDs,
// Discord's JSON error objects and codes, permissions checked, ephemeral messages seen only by
// their user, and interaction callbacks accepted once, within the deadline. The gateway
// answers HELLO, IDENTIFY (recording the intents), heartbeats and RESUME, and sends READY,
// GUILD_CREATE and whatever else the bot's intents ask for.
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
// box against the registered commands) and ClickComponent. Each returns an
// Interaction whose replies can be awaited.
//
// Direct messages work as on Discord: POST /users/@me/channels opens the bot's DM channel with
// a user (DMChannel does the same from a test), where the bot posts as in a guild channel,
// files included, and DMMessages reads what is there, attachments with their bytes.
// SetAcceptsDMs makes a user refuse the bot's direct messages, as Discord's privacy settings or
// a block do: the channel still opens, but each message the bot posts in it is answered 403
// {"message": "Cannot send messages to this user", "code": 50007}, recorded, and not kept. So is
// a message to a user who shares no server with the bot and has not added the app to their
// account (InstallForUser): Discord lets a bot write only to people it knows.
//
// Threads archive and lock as Discord's "Threads" topic says (archive.go): ArchiveIdleThreads
// archives those that have gone their auto_archive_duration without activity by the Clock, as
// Discord's timer does, and ArchiveThread archives (and locks) one, as a moderator does; the bot
// hears THREAD_UPDATE, and a GUILD_CREATE lists only the active threads. An archived thread
// takes no edit, nor a command or click from one who may not manage threads, and a message
// unarchives it; a locked one takes messages, commands and clicks only from those who may manage
// threads, which the bot's default role (DefaultBotPermissions), like Volo's invite, does not
// allow: the bot's posts and edits there are refused 160005, and its answers to an interaction
// there (a callback with a message, a follow-up, an edit of @original) 50083. LockThread and
// UnlockThread lock and unlock one as a moderator does.
//
// # Where the bot is not
//
// The app may also be used where its bot is not a member, as Discord's user-installable apps
// are (installation contexts, 2024). AddGuildWithoutBot creates a guild the app is not installed
// to; AddGroupDM a group DM (channel type 3) and FriendDM the DM between two people, neither with
// the bot. A person adds the app to their account with InstallForUser (InstalledForUser tells;
// Options.IntegrationTypes says which installations the application supports, both by default).
//
// A global command is offered in an interaction context its contexts include (all three when it
// has none, as Discord documents): GUILD (0) in a guild's channel or thread, BOT_DM (1) in the DM
// with the bot, PRIVATE_CHANNEL (2) in a group DM or a DM between people; and through an
// installation its integration_types include (the application's when it has none): the guild
// install where the bot is (its guild, its DM), the user install of the invoking user anywhere.
// A guild command is offered in its guild, with the bot, only. Elsewhere InvokeCommand answers
// ErrCommandNotAllowed, as it does for a missing permission (a command registered but not offered
// there; ErrUnknownCommand is for a name registered nowhere in reach); CommandsOffered lists what
// the picker shows. Each interaction carries, as Discord's does, context,
// authorizing_integration_owners ("0" to the guild's ID, or "0" in the bot's DM, through the guild
// install; "1" to the user's ID through theirs; both when both apply; a component carries those of
// the interaction that made its message) and app_permissions: the bot's permissions in the
// channel of a guild it is in, its overwrites applied; in a guild without the bot what @everyone
// may do in the channel, as Discord gives an app without a bot (View Channel and Send Messages,
// usually: only authorizing_integration_owners tells whether the bot is there);
// ATTACH_FILES|EMBED_LINKS|MENTION_EVERYONE in group DMs and DMs between people, with
// USE_EXTERNAL_EMOJIS in the bot's DM. In a guild, with the bot or not, there are guild_id,
// guild_locale and member; elsewhere user (SetLocale sets a user's locale, SetGuildLocale a guild's).
//
// The bot cannot act on its own where it is not a member: it is sent no event of such a guild or
// channel, and each REST request it makes about one is answered 403 {"message": "Missing
// Access", "code": 50001}, recorded (Request.ErrorCode; MissingAccessRequests lists them all).
// Its interaction callbacks and the token's webhook routes (@original, follow-ups) work there for
// the token's 15 minutes, and the messages they make are the bot's, five follow-ups at most for
// an interaction only a user install authorised (the sixth is refused 40094). In a guild without
// the bot, when the member lacks PermUseExternalApps (SetRolePermissions on @everyone, whose ID
// is the guild's, makes a server that forbids external apps) or may not post in the channel,
// every answer is made ephemeral (Interaction.EphemeralOnly), as Discord does.
//
// Every HTTP request is recorded (Requests, RequestsTo, RequestsFunc). With a Validator,
// every JSON body, or payload_json of a multipart body, is checked against the requestBody
// schema of Discord's OpenAPI description, and failures are recorded (ValidationFailures);
// Allowances lists the narrow, documented exceptions made for discordgo. FindSpec finds the
// description beside the repository; where it is absent the tests run unvalidated, unless the
// environment variable VOLO_REQUIRE_API_SPEC=1 requires it, as CI does on a machine with the
// project's shared folder. Subscribe streams message and channel changes, for a page that shows
// channels like Discord.
//
// # Interactions by HTTP
//
// SetInteractionsURLs makes the stand-in post interactions to the bot's Interactions Endpoint
// instead of the gateway, as Discord does for an application that has one, round-robin over
// several URLs as over replicas behind a load balancer. Each is signed with the application's
// Ed25519 key (PublicKey, Application().VerifyKey) in X-Signature-Ed25519 over
// X-Signature-Timestamp and the body; the HTTP answer, JSON as Discord documents it, is taken as
// the interaction's callback, exactly as the callback route takes its body (validated, within
// CallbackDeadline), and recorded (Request.Endpoint); a 202 with no body leaves the callback to
// the route, with files if any, and an error status, an answer that is not JSON (a multipart one
// with files) or no answer in time makes the interaction fail (Interaction.Failed). A read of
// @original does not wait for an answer still on its way: Discord promises no order there.
// Setting the URLs first checks each, as the developer portal does: a PING must get a PONG, and
// a request with a bad signature a 401. Sign signs a body as the stand-in does, for tests that
// replay or forge requests.
//
// Each request records the API version of its path (Request.APIVersion), and each IDENTIFY and
// RESUME the gateway's v (Identify.Version, Resume.Version), so a test can check that the bot
// speaks v10 everywhere.
//
// # A bad day
//
// The stand-in fails like Discord does, so that a bot's delivery guarantees can be tested.
// InjectFault scripts one Fault for the next request to a route; Options.Chaos (and SetChaos)
// fails a seeded share of the bot's REST requests at random, and its gateway now and then (see
// Chaos). A fault is a 429 (per route or
// global, with the headers discordgo's rate limiter reads), a 500, 502 or 503, a request held
// before it is handled (an interaction callback held past its deadline gets 10062 Unknown
// interaction), an answer held back, or a connection closed without an answer; the 5xx and the
// dropped connection can also come after the request was handled, as on Discord, which is how
// a retry makes a duplicate. Request.Fault tells what each request met:
//
//	srv.InjectFault("POST /channels/{channel_id}/messages",
//		fakediscord.Fault{Kind: fakediscord.BadGateway, AfterProcessing: true})
//	// ...the bot posts; discordgo retries the 502; a nonce with enforce_nonce keeps it to one
//	// message: Discord answers a repeated nonce, within NonceWindow, with the first message.
//
// The gateway fails on demand, or by chaos: DropGateway closes the connection without a close
// frame (the bot reconnects and RESUMEs, and what was dispatched meanwhile, interactions too, is
// replayed), SendReconnect sends op 7 (likewise) and InvalidateSession sends op 9 and forgets
// the session (the bot must IDENTIFY anew); each waits until the bot has sent its first
// heartbeat on the connection (see Chaos for why). A bot that closes its connection with 1000
// or 1001 ends its session, as on Discord. GatewayFaults counts the faults; Identifies,
// WaitIdentifies and WaitResumes tell what the bot did.
//
// # As strict as Discord
//
// The stand-in is never kinder than Discord's documentation; each rule cites its page and
// section beside the code, and docs/discord.md lists them all with what the bot does about each.
// Beyond those above: channel permission overwrites (SetOverwrite), computed as the
// "Permissions" topic's compute_overwrites; at most five action rows a message and no custom_id
// twice; an edit without allowed_mentions parses mentions with the defaults; callback types 6
// (DEFERRED_UPDATE_MESSAGE) and 9 (MODAL), and PATCH .../messages/@original; a deprecated
// request, such as a follow-up that fills a deferred response, is served and marked
// (Request.Deprecated, DeprecatedRequests). Rate limits on every request (ratelimit.go): the
// X-RateLimit headers on every answer, per-route buckets, the global limit of 50 a second from
// which the interaction endpoints are exempt, and the invalid request limit, which restricts the
// bot (Options.InvalidRequestLimit, InvalidRequestBan; RateLimits counts). On the gateway: a
// connection that sends no heartbeat for 1.5 intervals is closed, its session kept; ZombieGateway
// makes connections that acknowledge nothing; an IDENTIFY within 5 s of another shard's of its
// max_concurrency key is answered op 9 (ConcurrencyRefusals); GuildOutage and GuildRestored send
// an outage's GUILD_DELETE and GUILD_CREATE; and an interaction with no session to go to is lost
// (ErrNotConnected), as after op 9 on Discord. A member may carry any nickname (SetNick), and
// ComponentClick.Forged sends a custom_id its message does not carry, as a tampered client would.
//
// Memory stays bounded on a long run: each channel keeps its latest
// Options.MaxMessagesPerChannel messages, the request log its latest Options.MaxRequests
// requests (the latest Options.MaxRequestBodies with their bodies and files), and interactions
// are forgotten when their token expires or Options.MaxInteractions newer ones exist.
// Retained counts what is held.
//
// World takes what the stand-in holds apart from what happens in it (the application, users,
// who of them refuses direct messages and who installed the app, guilds with the bot or without,
// roles, members, channels, threads, direct message channels and group DMs, with their IDs, but no
// messages), and Restore gives it to a new stand-in, so that a sandbox finds its server again
// after a restart. KeptMessages takes the channels' messages everyone there sees, with their
// attachments' bytes, and RestoreMessages gives them to the restored stand-in before the bot
// connects, with their IDs, so that its channels read as before and the bot's buttons work.
//
// Everything stays on 127.0.0.1: the HTTP client refuses any host but Discord's, which it
// sends to the server.
package fakediscord
