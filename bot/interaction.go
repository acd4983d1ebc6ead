package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// userError is a refusal worded for the player: shown only to them, and
// nothing changed. It keeps its message of the catalogue and arguments,
// to be worded in the language of the interaction it answers.
type userError struct {
	format string
	args   []any
	// stale marks the refusal of a click its game has left behind: the
	// game moved on, or is no longer in the channel (see endedSince).
	stale bool
}

// Error returns the refusal in English.
func (e *userError) Error() string { return lang.English.Sprintf(e.format, e.args...) }

// in words the refusal in t.
func (e *userError) in(t lang.Tag) string { return t.Sprintf(e.format, e.args...) }

// refuse is a refusal: format is a message of the catalogue.
func refuse(format string, args ...any) error {
	return &userError{format: format, args: args}
}

// savedError is a failure after a handler changed something: the player
// is told what is kept, never that nothing changed. It counts as an error,
// not a refusal.
type savedError struct {
	err  error
	kept *userError // what is kept, in the player's words; nil: the change
}

func (e *savedError) Error() string { return "after a change: " + e.err.Error() }
func (e *savedError) Unwrap() error { return e.err }

// afterCommit marks err, which came after the handler's change was
// committed; nil stays nil.
func afterCommit(err error) error {
	if err == nil {
		return nil
	}
	return &savedError{err: err}
}

// keptAfter marks err, which came after the handler did something that
// stays, with the sentence (a message of the catalogue) saying what.
func keptAfter(err error, format string, args ...any) error {
	return &savedError{err: err, kept: &userError{format: format, args: args}}
}

// attachment is a file sent with a message, kept whole so it can be sent
// again (and stored with an announcement).
type attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Data        []byte `json:"data"`
}

// file returns the attachment for discordgo, ready to be read once.
func (a attachment) file() *discordgo.File {
	return &discordgo.File{Name: a.Name, ContentType: a.ContentType, Reader: bytes.NewReader(a.Data)}
}

// reply is a message the bot sends: an interaction response, a follow-up
// or a channel message.
type reply struct {
	content    string
	ephemeral  bool
	image      []byte       // a PNG board, sent as board.png
	attach     []attachment // more files: a game's record, its replay
	components []discordgo.MessageComponent
	mention    []string // the users this message may ping; no one else
	// replace drops the attachments of the message an update replaces,
	// so its image goes or gives way to the new one.
	replace bool
	// direct is a direct message to send with the board once this
	// message is delivered (an announcement's only).
	direct *directNote
}

func (r reply) files() []*discordgo.File { return files(r.image, r.attach) }

func (r reply) allowed() *discordgo.MessageAllowedMentions { return only(r.mention) }

// files returns a message's board image, as board.png, and its other
// attachments, for discordgo.
func files(board []byte, attach []attachment) []*discordgo.File {
	var fs []*discordgo.File
	if board != nil {
		fs = append(fs, attachment{Name: "board.png", ContentType: "image/png", Data: board}.file())
	}
	for _, a := range attach {
		fs = append(fs, a.file())
	}
	return fs
}

// only lets a message ping the users named and no one else.
func only(users []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
}

func (r reply) data() *discordgo.InteractionResponseData {
	d := &discordgo.InteractionResponseData{
		Content:         r.content,
		Files:           r.files(),
		Components:      r.components,
		AllowedMentions: r.allowed(),
	}
	if r.ephemeral {
		d.Flags = discordgo.MessageFlagsEphemeral
	}
	if r.replace {
		d.Attachments = &[]*discordgo.MessageAttachment{}
	}
	return d
}

// interaction is one interaction being handled.
type interaction struct {
	*discordgo.InteractionCreate
	user     string    // who acted
	name     string    // their display name
	received time.Time // by the wall clock: Discord wants the callback within 3 s
	place    place     // what the bot may do in the interaction's channel
	lang     lang.Tag  // the user's language: the interaction's locale, else the server's
	// public is the language of what everyone in the channel reads: the
	// server's (guild_locale) in a server, whoever acted; elsewhere the
	// user's.
	public lang.Tag
	// board is set for an act of the Activity's board (see board.go): no
	// token answers it, and what would answer it is kept there.
	board *boardAct
}

func newInteraction(ic *discordgo.InteractionCreate) *interaction {
	in := &interaction{InteractionCreate: ic, received: time.Now(), place: placeOf(ic)}
	var guild string
	if ic.GuildLocale != nil {
		guild = string(*ic.GuildLocale)
	}
	in.lang = lang.FromLocale(string(ic.Locale), guild)
	in.public = in.lang
	if ic.GuildID != "" && guild != "" {
		in.public = lang.FromLocale(guild)
	}
	switch {
	case ic.Member != nil && ic.Member.User != nil:
		in.user = ic.Member.User.ID
		in.name = ic.Member.Nick
		if in.name == "" {
			in.name = displayName(ic.Member.User)
		}
	case ic.User != nil:
		in.user = ic.User.ID
		in.name = displayName(ic.User)
	}
	return in
}

func displayName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// canManageMessages reports whether the member acting may manage messages
// in the channel.
func (in *interaction) canManageMessages() bool {
	return in.Member != nil && in.Member.Permissions&discordgo.PermissionManageMessages != 0
}

// canManageGuild reports whether the member acting may manage the server
// and so change its settings.
func (in *interaction) canManageGuild() bool {
	return in.Member != nil && in.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// onInteraction is the entry point of every interaction.
func (b *Bot) onInteraction(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
	if b.admit(ic) == "" {
		b.handleInteraction(ic)
	}
}

// admit decides whether to handle an interaction, and says why not: the
// bot is closing (Discord then tells the user it did not answer), the
// gateway delivered it twice, or it was taken before (TakeInteraction),
// by this process before a restart or by another sharing the store: a
// replayed request, which must change nothing. Autocomplete changes
// nothing, and is not taken in the store.
func (b *Bot) admit(ic *discordgo.InteractionCreate) (refused string) {
	select {
	case <-b.closing:
		b.metrics.ignore("closing")
		return "closing"
	default:
	}
	if !b.seen.first(ic.ID, b.clock()) {
		b.log.Debug("interaction seen before, ignored", "id", ic.ID)
		b.metrics.ignore("duplicate")
		return "duplicate"
	}
	if ic.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return ""
	}
	switch err := b.store.TakeInteraction(ic.ID); {
	case errors.Is(err, store.ErrTaken):
		b.log.Warn("an interaction taken before came again, ignored: a replay", "id", ic.ID, "channel", ic.ChannelID)
		b.metrics.ignore("replay")
		return "replay"
	case err != nil:
		// The handler's own commit fails too if the store is down; what
		// changes nothing may still be answered.
		b.log.Warn("could not record an interaction as taken", "id", ic.ID, "err", err)
	}
	return ""
}

// handleInteraction handles an interaction admitted.
func (b *Bot) handleInteraction(ic *discordgo.InteractionCreate) {
	b.inFlight.Add(1)
	defer b.inFlight.Done()
	in := newInteraction(ic)
	var err error
	handled := b.metrics.begin(in)
	defer func() { handled(err) }()
	switch ic.Type {
	case discordgo.InteractionApplicationCommand:
		err = b.onCommand(in)
	case discordgo.InteractionApplicationCommandAutocomplete:
		err = b.onAutocomplete(in)
	case discordgo.InteractionMessageComponent:
		err = b.onButton(in)
	default:
		return
	}
	if err == nil {
		return
	}
	if ic.Type == discordgo.InteractionApplicationCommandAutocomplete {
		// Suggestions take no message: Discord says loading them failed.
		b.log.Warn("could not suggest moves", "id", ic.ID, "err", err)
		return
	}
	ue := b.failure(ic, err)
	if err := b.respond(in, reply{content: sentence(ue.in(in.lang)), ephemeral: true}); err != nil {
		b.log.Warn("could not answer an interaction", "id", ic.ID, "err", err)
	}
}

// failure is what the player hears of err, which a handler returned: a
// refusal as it is; else, logged, that nothing was changed (every change
// commits before its handler returns, and what it must say goes through
// the outbox), unless the handler says it came after its commit.
func (b *Bot) failure(ic *discordgo.InteractionCreate, err error) *userError {
	var ue *userError
	var saved *savedError
	switch {
	case errors.As(err, &ue):
		return ue
	case errors.As(err, &saved):
		b.log.Error("interaction failed after a change", "id", ic.ID, "channel", ic.ChannelID, "err", err)
		if saved.kept != nil {
			return saved.kept
		}
		return &userError{format: "What you did is saved, but something went wrong on my side as I answered. Please look again in a moment."}
	}
	b.log.Error("interaction failed", "id", ic.ID, "channel", ic.ChannelID, "err", err)
	return &userError{format: "Something went wrong on my side and nothing was changed. Please try again in a moment."}
}

// respond answers the interaction with a message that changes nothing: a
// refusal, a view of the board, the rules. Announcements of changes go
// through the outbox instead (see announce). A callback that fails with a
// passing error is tried again while Discord's window lasts.
func (b *Bot) respond(in *interaction, r reply) error {
	if err := r.check(); err != nil {
		return fmt.Errorf("respond: %w", err)
	}
	if in.board != nil {
		in.board.said = r.content
		return nil
	}
	return b.answer(in, func() *discordgo.InteractionResponse {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: r.data()}
	})
}

// answer sends the interaction's callback, made afresh for each try (a
// file's reader is read by a try), trying again at once after a passing
// failure while Discord's window lasts. An interaction posted to the
// bot's endpoint gets it as its HTTP response (see interactionRespond).
func (b *Bot) answer(in *interaction, resp func() *discordgo.InteractionResponse) error {
	for {
		err := b.interactionRespond(context.Background(), in.Interaction, resp())
		switch {
		case err == nil, discordCode(err) == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged:
			b.metrics.answered(in.received)
			if !in.place.member || b.outbox.holds(in.ChannelID) {
				// Where the bot is not a member, or where the channel
				// refused it what it held (closed.go), this token
				// carries what waits to be said in the channel.
				b.outbox.lend(in.ChannelID, viaOf(in))
			}
			return nil // the second: an earlier try went through unseen
		case !retryable(err) || time.Since(in.received)+callbackRetry >= b.callbackWindow:
			return err
		}
		time.Sleep(callbackRetry)
	}
}

// onCommand routes /volo subcommands.
func (b *Bot) onCommand(in *interaction) error {
	data := in.ApplicationCommandData()
	if data.CommandType == primaryEntryPoint {
		return b.launch(in)
	}
	if data.Name != "volo" || len(data.Options) == 0 {
		return refuse("I only know /volo.")
	}
	sub := data.Options[0]
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range leaf(sub).Options {
		opts[o.Name] = o
	}
	if in.place.private && !slices.Contains([]string{cmdRules, cmdHelp, cmdProfile, cmdBoardList, cmdMyGames, cmdSettings, cmdVacation}, sub.Name) {
		return refuse("This server does not let its members' own apps post in its channels, so only you would see Volo here and nobody could play you. Ask a server admin to add Volo to the server, or play in a DM or group DM with your friends.")
	}
	if in.GuildID == "" && sub.Name == cmdGames {
		return refuse("/volo games lists a server's games; here, /volo mygames lists yours everywhere.")
	}
	switch sub.Name {
	case cmdTournament:
		return b.tournamentCommand(in, leaf(sub).Name, opts, data.Resolved)
	case cmdChallenge:
		return b.challenge(in, opts, data.Resolved)
	case cmdMove:
		if cond := optString(opts, optIf); cond != "" {
			return b.planCommand(in, cond, optString(opts, optMove))
		}
		return b.moveCommand(in, optString(opts, optMove))
	case cmdPlans:
		return b.plansCommand(in)
	case cmdPass:
		return b.moveCommand(in, "pass")
	case cmdResign:
		return b.resignCommand(in)
	case cmdDraw:
		return b.drawCommand(in)
	case cmdBoard:
		labels, _ := optBool(opts, optLabels)
		return b.boardCommand(in, labels)
	case cmdHistory:
		return b.historyCommand(in, optString(opts, optGame))
	case cmdReview:
		return b.reviewCommand(in, optString(opts, optGame))
	case cmdGames:
		return b.gamesCommand(in)
	case cmdRules:
		return b.respond(in, reply{content: rulesText(in.lang), ephemeral: true})
	case cmdHelp:
		return b.respond(in, reply{content: helpText(in.lang), ephemeral: true})
	case cmdAbort:
		return b.abortCommand(in)
	case cmdSettings:
		return b.settingsCommand(in, opts)
	case cmdTakeback:
		return b.takebackCommand(in)
	case cmdProfile:
		return b.profileCommand(in, opts, data.Resolved)
	case cmdBoardList:
		return b.leaderboardCommand(in, optString(opts, optScope))
	case cmdMyGames:
		return b.myGamesCommand(in)
	case cmdPuzzle:
		return b.puzzleCommand(in, opts)
	case cmdVacation:
		return b.vacationCommand(in, optString(opts, optState))
	}
	return refuse("I don't know /volo %s. Try /volo help.", sub.Name)
}

// leaf is the subcommand an option names: itself, or a group's
// subcommand.
func leaf(o *discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(o.Options) > 0 {
		return o.Options[0]
	}
	return o
}

func optString(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) string {
	o, ok := opts[name]
	if !ok || o.Type != discordgo.ApplicationCommandOptionString {
		return ""
	}
	s, _ := o.Value.(string)
	return strings.TrimSpace(s)
}

// optBool returns the value of a boolean option, and whether it was given.
func optBool(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) (value, given bool) {
	o, ok := opts[name]
	if !ok || o.Type != discordgo.ApplicationCommandOptionBoolean {
		return false, false
	}
	return o.BoolValue(), true
}
