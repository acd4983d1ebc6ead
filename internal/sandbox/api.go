package sandbox

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// The page's JSON API. Every request names the user the page acts as, by ID or username; a
// mistake comes back as {"error": "A sentence."} with a 4xx status.

// maxBody bounds what the page may POST.
const maxBody = 64 << 10

// maxMessages is how many of a channel's latest messages the page is sent.
const maxMessages = 500

// apiError is an error answer: a sentence for the page to show, and its HTTP status.
type apiError struct {
	status int
	text   string
}

func (e *apiError) Error() string { return e.text }

// badRequest is a mistake of the page's user.
func badRequest(text string) error { return &apiError{http.StatusBadRequest, text} }

// writeJSON answers with a JSON body.
func (sb *Sandbox) writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		sb.logf("sandbox: writing an answer: %v", err)
	}
}

// writeError answers with an error's sentence.
func (sb *Sandbox) writeError(w http.ResponseWriter, err error) {
	status, text := http.StatusBadRequest, sentence(err)
	if ae, ok := errors.AsType[*apiError](err); ok {
		status, text = ae.status, ae.text
	}
	sb.writeJSON(w, status, map[string]string{"error": text})
}

// posted serves a POST route of the JSON API: h is handed the request's JSON body as a T.
func posted[T any](h func(r *http.Request, req T) (any, error)) func(http.ResponseWriter, *http.Request) (any, error) {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		var req T
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
			return nil, badRequest("The request is not the JSON the page sends.")
		}
		return h(r, req)
	}
}

// answer serves a route of the JSON API: what the handler returns, or the sentence of its error.
func (sb *Sandbox) answer(h func(w http.ResponseWriter, r *http.Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := h(w, r)
		if err != nil {
			sb.writeError(w, err)
			return
		}
		sb.writeJSON(w, http.StatusOK, v)
	}
}

// member finds the person the page acts as: a member of the guild who is not a bot.
func (sb *Sandbox) member(ref string) (fakediscord.User, error) {
	u, ok := sb.srv.User(ref)
	if !ok || u.Bot {
		return fakediscord.User{}, badRequest("Pick a user to act as.")
	}
	if _, err := sb.srv.Member(sb.guild.ID, u.ID); err != nil {
		return fakediscord.User{}, badRequest(u.Username + " is not a member of " + sb.guild.Name + ".")
	}
	return u, nil
}

// channel finds a channel or thread of the guild.
func (sb *Sandbox) channel(id string) (fakediscord.Channel, error) {
	c, ok := sb.srv.Channel(id)
	if !ok || c.GuildID != sb.guild.ID {
		return fakediscord.Channel{}, &apiError{http.StatusNotFound, "There is no such channel."}
	}
	return c, nil
}

// actorIn returns a channel of the sandbox's guild and the user acting in
// it, as a request names them.
func (sb *Sandbox) actorIn(channelID, userRef string) (fakediscord.Channel, fakediscord.User, error) {
	c, err := sb.channel(channelID)
	if err != nil {
		return c, fakediscord.User{}, err
	}
	u, err := sb.member(userRef)
	return c, u, err
}

// commandIn is readable for the message box: a channel of the guild, or one of the user's
// direct messages and group DMs. In their direct messages with the bot, when the bot's commands
// are not offered there (a bot that registers them in the guild alone), it says where they work.
func (sb *Sandbox) commandIn(channelID, userRef string) (fakediscord.Channel, fakediscord.User, error) {
	c, u, err := sb.readable(channelID, userRef)
	if err == nil && isBotDM(c) && !sb.offersCommands(c.ID, u.ID) {
		err = badRequest(sb.botName() + "'s commands work in the server's channels, not in direct messages.")
	}
	return c, u, err
}

// offersCommands reports whether the stand-in offers the user any of the bot's slash commands
// in a channel, as Discord's client lists them when / is typed there.
func (sb *Sandbox) offersCommands(channelID, userID string) bool {
	return len(sb.chatCommands(channelID, userID)) > 0
}

// readable returns a channel the user may read, as a request names them: one of the guild's,
// or one of the user's own direct messages (with the bot, or with a friend) and group DMs.
// Anyone else's are, to them, no such channel.
func (sb *Sandbox) readable(channelID, userRef string) (fakediscord.Channel, fakediscord.User, error) {
	c, err := sb.channel(channelID)
	u, uerr := sb.member(userRef)
	if err != nil {
		if uerr == nil {
			if pc, ok := sb.privateTo(channelID, u.ID); ok {
				return pc, u, nil
			}
		}
		return c, u, err
	}
	return c, u, uerr
}

// privateTo finds, by its ID, a channel outside the guild that a user is in: their direct
// messages with the bot, a DM between them and someone else, or a group DM of theirs; false for
// any other channel, another user's included.
func (sb *Sandbox) privateTo(channelID, userID string) (fakediscord.Channel, bool) {
	c, ok := sb.srv.Channel(channelID)
	if !ok || !isPrivateTo(c, userID) {
		return fakediscord.Channel{}, false
	}
	return c, true
}

// isPrivateTo reports whether a channel is outside any guild and a user is in it: for the bot's
// direct messages with someone, that someone; for a DM between people or a group DM, each of
// them.
func isPrivateTo(c fakediscord.Channel, userID string) bool {
	return c.GuildID == "" && userID != "" && (c.Type == fakediscord.ChannelDM || c.Type == fakediscord.ChannelGroupDM) &&
		slices.ContainsFunc(c.Recipients, func(u fakediscord.User) bool { return u.ID == userID })
}

// isBotDM reports whether a channel is the bot's direct messages with someone.
func isBotDM(c fakediscord.Channel) bool {
	return c.Type == fakediscord.ChannelDM && c.GuildID == "" && len(c.Recipients) == 1
}

// botName is the bot's name as the page shows it, such as "Volo".
func (sb *Sandbox) botName() string { return sb.userView(sb.srv.Bot()).Name }

// serveState answers GET /api/state: the guild, its people and its channels with their threads.
func (sb *Sandbox) serveState(http.ResponseWriter, *http.Request) (any, error) {
	return sb.state(), nil
}

// messagesView is a channel with the latest messages a user sees in it.
type messagesView struct {
	Channel  channelView   `json:"channel"`
	Messages []messageView `json:"messages"`
}

// serveMessages answers GET /api/messages?channel=ID&user=name: the messages the user sees, in
// a channel of the guild or in one of their own direct messages and group DMs.
func (sb *Sandbox) serveMessages(_ http.ResponseWriter, r *http.Request) (any, error) {
	c, u, err := sb.readable(r.FormValue("channel"), r.FormValue("user"))
	if err != nil {
		return nil, err
	}
	list := sb.srv.MessagesVisibleTo(c.ID, u.ID)
	if len(list) > maxMessages {
		list = list[len(list)-maxMessages:]
	}
	cv := channelOf(c)
	if c.GuildID == "" {
		cv = sb.privateView(c, u)
	}
	out := messagesView{Channel: cv, Messages: make([]messageView, 0, len(list))}
	for _, m := range list {
		out.Messages = append(out.Messages, sb.messageView(m))
	}
	return out, nil
}

// dmsView is what the "Direct Messages" list shows a user: their direct messages with the bot,
// DMs with other people, and their group DMs.
type dmsView struct {
	DMs []channelView `json:"dms"`
}

// serveDMs answers GET /api/dms?user=name: the user's direct messages and group DMs, as the
// "Direct Messages" list of Discord's client shows them, the latest active first: their group
// DMs and DMs with other people, and their direct messages with the bot once the bot has written
// there or they opened them. Only that user's own: the list, like the messages, is asked for as
// them.
func (sb *Sandbox) serveDMs(_ http.ResponseWriter, r *http.Request) (any, error) {
	u, err := sb.member(r.FormValue("user"))
	if err != nil {
		return nil, err
	}
	return dmsView{DMs: sb.privateChannels(u)}, nil
}

// privateChannels lists the channels outside the guild a user is in, as the "Direct Messages"
// list shows them: the latest active first (by their latest message, or when they were made).
func (sb *Sandbox) privateChannels(u fakediscord.User) []channelView {
	var list []fakediscord.Channel
	for _, c := range sb.srv.World().Channels {
		if !isPrivateTo(c, u.ID) {
			continue
		}
		if isBotDM(c) {
			if _, ok := sb.dmOf(u); !ok {
				continue
			}
		}
		list = append(list, c)
	}
	active := func(c fakediscord.Channel) string { return cmp.Or(c.LastMessageID, c.ID) }
	slices.SortStableFunc(list, func(a, b fakediscord.Channel) int { return -compareIDs(active(a), active(b)) })
	out := make([]channelView, 0, len(list))
	for _, c := range list {
		out = append(out, sb.privateView(c, u))
	}
	return out
}

// compareIDs orders snowflakes as numbers: the longer is the later.
func compareIDs(a, b string) int {
	return cmp.Or(cmp.Compare(len(a), len(b)), strings.Compare(a, b))
}

// openRequest opens the acting user's direct messages with the bot.
type openRequest struct {
	User string `json:"user"`
}

// serveOpenDM answers POST /api/dms {user}: the user's direct messages with the bot, opened as
// "Message" on the bot's profile does in Discord's client, so that its commands can be used
// there before it has written. The conversation is listed from then on.
func (sb *Sandbox) serveOpenDM(_ *http.Request, req openRequest) (any, error) {
	u, err := sb.member(req.User)
	if err != nil {
		return nil, err
	}
	c, err := sb.srv.DMChannel(u.ID)
	if err != nil {
		return nil, err
	}
	sb.mu.Lock()
	sb.opened[u.ID] = true
	sb.mu.Unlock()
	return sb.privateView(c, u), nil
}

// dmOf finds the direct message channel between the bot and a user, if the bot has posted
// there or the user opened it from the page, without opening one: a channel opened for messages
// the user refused stays hidden, as an empty conversation does on Discord.
func (sb *Sandbox) dmOf(u fakediscord.User) (fakediscord.Channel, bool) {
	sb.mu.Lock()
	opened := sb.opened[u.ID]
	sb.mu.Unlock()
	if opened {
		if c, err := sb.srv.DMChannel(u.ID); err == nil {
			return c, true
		}
	}
	list, err := sb.srv.DMMessages(u.ID)
	if err != nil || len(list) == 0 {
		return fakediscord.Channel{}, false
	}
	return sb.privateTo(list[0].ChannelID, u.ID)
}

// serveAutocomplete answers GET /api/autocomplete?channel=ID&user=name&line=text: the popup
// above the message box for the line typed so far.
func (sb *Sandbox) serveAutocomplete(_ http.ResponseWriter, r *http.Request) (any, error) {
	c, u, err := sb.commandIn(r.FormValue("channel"), r.FormValue("user"))
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(r.Context(), replyWait)
	defer cancel()
	return sb.complete(ctx, c.ID, u.ID, r.FormValue("line")), nil
}

// outcome is what became of a command or a click: nothing to show (the bot's answer arrives on
// the event stream), or a notice such as "This interaction failed.".
type outcome struct {
	OK          bool   `json:"ok"`
	Interaction string `json:"interaction,omitempty"`
	Notice      string `json:"notice,omitempty"`
	// Activity is, when the bot answered with LAUNCH_ACTIVITY, the page that shows the user
	// the channel's Activity (see activity.go), which the page opens beside the chat.
	Activity string `json:"activity,omitempty"`
}

// await waits for the bot's first answer to an interaction. failed is what Discord's client
// says when none comes in time.
func (sb *Sandbox) await(ctx context.Context, inter *fakediscord.Interaction, failed string) outcome {
	ctx, cancel := context.WithTimeout(ctx, replyWait)
	defer cancel()
	out := outcome{OK: true, Interaction: inter.ID}
	reply, err := inter.Callback(ctx)
	switch {
	case err != nil:
		out.Notice = failed
	case reply.CallbackType == fakediscord.CallbackLaunchActivity:
		out.Activity = playPath(inter.ChannelID, inter.User.ID)
	}
	return out
}

// commandRequest is a line sent from the message box.
type commandRequest struct {
	Channel string `json:"channel"`
	User    string `json:"user"`
	Line    string `json:"line"`
}

// serveCommand answers POST /api/command: a slash command run as the user, as pressing Enter in
// Discord's message box does, or a plain message posted, in a channel of the guild or in one of
// the user's direct messages and group DMs. A line the stand-in cannot read comes back as an
// error saying why.
func (sb *Sandbox) serveCommand(r *http.Request, req commandRequest) (any, error) {
	c, u, err := sb.commandIn(req.Channel, req.User)
	if err != nil {
		return nil, err
	}
	line := strings.TrimSpace(req.Line)
	switch {
	case line == "":
		return nil, badRequest("Type a message, or / for the commands.")
	case !strings.HasPrefix(line, "/"):
		_, err := sb.srv.PostMessage(c.ID, u.ID, line)
		return outcome{OK: err == nil}, err
	}
	// Typed with the names the user's client shows, sent with the registered ones.
	inter, err := sb.srv.RunCommandLine(c.ID, u.ID, sb.commandsFor(c.ID, u.ID).toSent(line))
	if err != nil {
		return nil, err
	}
	return sb.await(r.Context(), inter, "The application did not respond."), nil
}

// clickRequest is a click on a button, or a choice in a select menu. Forged sends the custom ID
// as a button click whether or not the message carries it, as a tampered client would, so that
// a sandbox's visitor can try what the bot does with one.
type clickRequest struct {
	User     string   `json:"user"`
	Message  string   `json:"message"`
	CustomID string   `json:"customId"`
	Values   []string `json:"values"`
	Forged   bool     `json:"forged"`
}

// serveClick answers POST /api/click: a button clicked or a menu chosen from, as the user; with
// "forged": true, any custom ID sent as a click on the message.
func (sb *Sandbox) serveClick(r *http.Request, req clickRequest) (any, error) {
	u, err := sb.member(req.User)
	if err != nil {
		return nil, err
	}
	if m, ok := sb.srv.Message(req.Message); ok {
		if c, ok := sb.srv.Channel(m.ChannelID); ok && c.GuildID == "" && !isPrivateTo(c, u.ID) {
			return nil, &apiError{http.StatusNotFound, "There is no such message."}
		}
	}
	inter, err := sb.srv.ClickComponent(fakediscord.ComponentClick{MessageID: req.Message, User: u.ID,
		CustomID: req.CustomID, Values: req.Values, Forged: req.Forged})
	if err != nil {
		return nil, err
	}
	return sb.await(r.Context(), inter, "This interaction failed."), nil
}

// threadRequest starts a thread.
type threadRequest struct {
	Channel string `json:"channel"`
	User    string `json:"user"`
	Name    string `json:"name"`
}

// serveNewThread answers POST /api/threads: a thread started in a channel by the user, as
// Discord's client does it, with the notice in the channel.
func (sb *Sandbox) serveNewThread(_ *http.Request, req threadRequest) (any, error) {
	c, u, err := sb.actorIn(req.Channel, req.User)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSpace(req.Name)
	if name == "" || len([]rune(name)) > 100 {
		return nil, badRequest("Give the thread a name of 1 to 100 characters.")
	}
	if c.Type.IsThread() {
		return nil, badRequest("Threads start in a text channel, not in a thread.")
	}
	th, err := sb.srv.AddThread(c.ID, name, u.ID)
	if err != nil {
		return nil, err
	}
	return channelOf(th), nil
}

// serveAttachment answers GET /attachments/{channel}/{id}/{name}: an attachment's bytes, from
// the stand-in, at the path of its URL on Discord's CDN.
func (sb *Sandbox) serveAttachment(w http.ResponseWriter, r *http.Request) {
	a, ok := sb.srv.Attachment(r.PathValue("id"))
	if !ok || a.Filename != r.PathValue("name") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", a.ContentType) // never empty: the stand-in detects it
	w.Header().Set("Cache-Control", "private, max-age=86400, immutable")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(a.Data)
}
