package bot

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
)

// challenge handles /volo challenge: a public challenge with Accept and
// Decline buttons, or at once a game when the bot itself is challenged.
func (b *Bot) challenge(in *interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption, resolved *discordgo.ApplicationCommandInteractionDataResolved) error {
	oppID := ""
	if o, ok := opts[optOpponent]; ok {
		oppID, _ = o.Value.(string)
	}
	if oppID == "" && in.Context == discordgo.InteractionContextBotDM {
		// Nobody else can accept in the bot's own DM: a plain challenge
		// there is one to the bot.
		oppID = b.me()
	}
	opponent := &discordgo.User{ID: oppID}
	if resolved != nil && resolved.Users[oppID] != nil {
		opponent = resolved.Users[oppID]
	} else if oppID != "" && oppID == b.me() {
		opponent = b.meUser()
	}
	oppName := displayName(opponent)
	if resolved != nil && resolved.Members[oppID] != nil && resolved.Members[oppID].Nick != "" {
		oppName = resolved.Members[oppID].Nick
	}
	vsBot := oppID != "" && oppID == b.me()
	switch {
	case oppID == "" && optString(opts, optLevel) != "":
		return refuse("The level is my strength when you challenge me: name me as the opponent.")
	case oppID == in.user:
		return refuse("You can't challenge yourself. Challenge a friend, or me for a game against the computer.")
	case opponent.Bot && !vsBot:
		return refuse("%s is a bot and can't play Volo. Challenge a person, or me for a game against the computer.", plainName(oppName))
	case vsBot && b.thinker == nil:
		return refuse("I can't play myself on this server yet. Challenge a person instead.")
	case in.Context == discordgo.InteractionContextBotDM && !vsBot:
		return refuse("Here in our direct messages you can play me: /volo challenge opponent:%s. To play a friend, challenge them in a DM or group DM with them, or in a server.", mention(b.me()))
	case in.place.denied():
		return deniedChannel()
	case !in.place.images:
		return refuse("I may not attach files in this channel, and every move is shown as a picture of the board. A server manager can give me Attach Files here; until then, play in another channel.")
	}
	rules, err := engine.ParseRules(optString(opts, optRules))
	if optString(opts, optRules) == "" {
		rules, err = engine.Standard, nil
	}
	if err != nil {
		return refuse("Choose the rules standard or last-act.")
	}
	tpm := time.Duration(b.cfg.DefaultTimePerMove)
	if s := optString(opts, optTime); s != "" {
		if tpm, err = ParseDuration(s); err != nil || tpm != 0 && (tpm < MinTimePerMove || tpm > MaxTimePerMove) {
			return refuse("The time per move must be from 1h to 14d, like 24h or 3d, or 0 for no limit; %s is not.", quoted(s))
		}
	}
	level := optString(opts, optLevel)
	if level != "" && !vsBot {
		return refuse("The level is my strength when you challenge me; leave it out when you challenge %s.", plainName(oppName))
	}
	if vsBot && level == "" {
		level = "medium"
	}
	if vsBot && !slices.Contains(Levels(), level) {
		return refuse("Choose my level: easy, medium or hard.")
	}
	mine := b.randomColour()
	switch optString(opts, optColour) {
	case "orange":
		mine = engine.Orange
	case "blue":
		mine = engine.Blue
	}
	g := &store.Game{
		Guild:       in.GuildID,
		Channel:     in.ChannelID,
		Status:      store.Challenge,
		Rules:       rules,
		TimePerMove: tpm,
	}
	g.Detached = !in.place.member
	if rated, ok := optBool(opts, optRated); ok {
		g.Unrated, g.Friendly = !rated, !rated
	}
	g.Players[mine] = store.Player{ID: in.user, Name: in.name, Challenger: true}
	g.Players[mine.Other()] = store.Player{ID: oppID, Name: oppName, Level: level}
	in.adopt(g)
	want, err := b.wantsThread(in, opts)
	if err != nil {
		return err
	}
	var note string
	if g.Channel, g.Parent, note, err = b.gameChannel(in, want, threadName(g)); err != nil {
		return err
	}
	if vsBot {
		err = b.startAgainstBot(in, g, note)
	} else {
		err = b.postChallenge(in, g, note)
	}
	var ue *userError
	if err != nil && g.Parent != "" && !errors.As(err, &ue) {
		// The thread is started: say so, rather than that nothing changed.
		return keptAfter(fmt.Errorf("challenge after its thread %s was started: %w", g.Channel, err),
			"I started the thread <#%s> for the game, but something went wrong on my side as I stored the challenge, so the thread stays empty. Please try again in a moment.", g.Channel)
	}
	return err
}

// postChallenge stores a challenge between people and posts it in the
// interaction's channel with its buttons: Accept, Decline (when it names
// an opponent) and Withdraw. The game's own channel is a thread when it
// is not the interaction's.
func (b *Bot) postChallenge(in *interaction, g *store.Game, note string) error {
	g.Deadline = b.clock().Add(time.Duration(b.cfg.ChallengeExpiry))
	// The buttons name the game by its creation time, which the store
	// sets to now: set it first, so the announcement committed with the
	// challenge carries the right IDs.
	g.Created = b.clock()
	t := tr(g)
	challenger, c := b.challenger(g)
	opp := b.challenged(g)
	var line string
	var pings []string
	if opp != "" {
		pings = []string{opp}
		line = t.Sprintf("%s challenges %s to a game of Volo: %s plays %s, %s.", nameOf(g, challenger), mention(opp), nameOf(g, challenger), c, describeTermsIn(t, g))
	} else {
		line = t.Sprintf("%s challenges anyone in this channel to a game of Volo: %s plays %s, %s.", nameOf(g, challenger), nameOf(g, challenger), c, describeTermsIn(t, g))
	}
	thread := "" // the buttons name the game's thread, where the game is kept
	if g.Channel != in.ChannelID {
		thread = g.Channel
		line += " " + t.Sprintf("The game will be played in <#%s>.", g.Channel)
	}
	line += " " + t.Sprintf("The challenge lapses %s.", when(g.Deadline)) + note
	buttons := []discordgo.MessageComponent{discordgo.Button{Label: t.Sprint("Accept"), Style: discordgo.SuccessButton, CustomID: buttonID(actAccept, g, 0, thread)}}
	if opp != "" {
		buttons = append(buttons, discordgo.Button{Label: t.Sprint("Decline"), Style: discordgo.DangerButton, CustomID: buttonID(actDecline, g, 0, thread)})
	}
	buttons = append(buttons, discordgo.Button{Label: t.Sprint("Withdraw"), Style: discordgo.SecondaryButton, CustomID: buttonID(actWithdraw, g, 0, thread)})
	ann, err := b.announce(in.ChannelID, in, false, reply{
		content:    line,
		mention:    pings,
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}},
	})
	if err != nil {
		return err
	}
	defer b.locks.lock(g.Channel)()
	// The challenge takes its number, shown from the game's first board.
	return b.createGame(g, func() ([]*store.Announcement, error) { return []*store.Announcement{ann}, nil })
}

// wantsThread says whether a challenge asks for a thread: its thread
// option, else the server's setting.
func (b *Bot) wantsThread(in *interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) (bool, error) {
	if thread, ok := optBool(opts, optThread); ok {
		return thread, nil
	}
	gs, err := b.store.Settings(in.GuildID)
	if err != nil {
		return false, fmt.Errorf("settings of %s: %w", in.GuildID, err)
	}
	return gs.Threads, nil
}

// describeTermsIn is a game's terms in t: its rules, its time per move
// and whether it is rated.
func describeTermsIn(t lang.Tag, g *store.Game) string {
	terms := []string{rulesName(t, g.Rules), t.Sprint("no time limit"), t.Sprint("rated")}
	if g.TimePerMove > 0 {
		terms[1] = t.Sprintf("%s per move", formatDurationIn(t, g.TimePerMove))
	}
	if g.Unrated {
		terms[2] = t.Sprint("unrated")
	}
	return strings.Join(terms, ", ")
}

// rulesName names a rule set in t: "standard rules".
func rulesName(t lang.Tag, r engine.Rules) string {
	switch r {
	case engine.Standard:
		return t.Sprint("standard rules")
	case engine.LastAct:
		return t.Sprint("last-act rules")
	}
	return t.Sprintf("%s rules", r)
}

// formatDuration writes a time per move as players type it: "1d12h".
func formatDuration(d time.Duration) string { return formatDurationIn(lang.English, d) }

// formatDurationIn writes a time per move in t: in English as players
// type it, "1d12h"; in French in words, "1 jour 12 heures".
func formatDurationIn(t lang.Tag, d time.Duration) string {
	d = d.Round(time.Minute)
	days, hours, minutes := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	var parts []string
	if days > 0 {
		parts = append(parts, t.Sprintf("%dd", days))
	}
	if hours > 0 {
		parts = append(parts, t.Sprintf("%dh", hours))
	}
	if minutes > 0 || len(parts) == 0 {
		parts = append(parts, t.Sprintf("%dm", minutes))
	}
	sep := ""
	if t == lang.French {
		sep = " "
	}
	return strings.Join(parts, sep)
}

// createGame stores a new challenge or game with the announcements
// compose makes, refusing a busy channel, and sends the announcements.
// compose may name the game by g.Number, the number the store says the
// game takes: if another game of the server takes it first, compose
// runs again with the next.
func (b *Bot) createGame(g *store.Game, compose func() ([]*store.Announcement, error)) error {
	b.watchThread(g)
	var anns []*store.Announcement
	var err error
	for range maxNumberTries {
		if g.Number, err = b.store.NextNumber(g.Scope()); err != nil {
			return fmt.Errorf("next game number in %s: %w", g.Scope(), err)
		}
		if anns, err = compose(); err != nil {
			return err
		}
		err = b.committed(commitCreate, func() error { return b.store.Create(g, anns...) })
		if !errors.Is(err, store.ErrConflict) {
			break
		}
	}
	if errors.Is(err, store.ErrChannelBusy) {
		return b.busy(g)
	}
	if err != nil {
		return fmt.Errorf("create game %s: %w", g.Channel, err)
	}
	b.wake()
	b.outbox.send(anns...)
	return nil
}

// maxNumberTries is how many times createGame tries a game's number when
// other games of its server take the one it tried first.
const maxNumberTries = 5

// busy refuses a challenge in a channel that has one. To a player who
// tries again after a failure, it says their challenge is there.
func (b *Bot) busy(g *store.Game) error {
	there, err := b.store.Get(g.Channel)
	if err == nil && there.Status == store.Challenge {
		by, _ := b.challenger(there)
		mine, _ := b.challenger(g)
		if by == mine && b.challenged(there) == b.challenged(g) {
			return refuse("Your challenge to %s is already posted in this channel; it lapses %s.", nameOf(there, b.challenged(there)), when(there.Deadline))
		}
	}
	return refuse("This channel already has a game or a challenge. Start a thread and challenge there: every thread can hold its own game.")
}

// startAgainstBot starts a game against the computer at once: in a
// thread of its own, the channel gets a link and the thread the board.
func (b *Bot) startAgainstBot(in *interaction, g *store.Game, note string) error {
	g.Status = store.Active
	g.Created = b.clock() // before the board's button names the game by it: see postChallenge
	b.setClock(g)
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	img, err := b.boardImage(g, eg)
	if err != nil {
		return err
	}
	t := tr(g)
	level := levelName(t, g.Players[0].Level+g.Players[1].Level)
	compose := func() ([]*store.Announcement, error) {
		board := reply{
			content:    numbered(g, t.Sprintf("A game of Volo against me (%s), %s. %s", level, describeTermsIn(t, g), b.turnLine(g, eg))+note),
			image:      img,
			mention:    []string{in.user},
			components: b.moveButtonRow(g, 0),
		}
		var anns []*store.Announcement
		boardIn := in
		if g.Channel != in.ChannelID {
			link, err := b.announce(in.ChannelID, in, false, reply{content: t.Sprintf("%s starts game %s, against me (%s), in <#%s>.", plainName(in.name), gameName(g), level, g.Channel)})
			if err != nil {
				return nil, err
			}
			anns = append(anns, link)
			boardIn = nil // the board goes to the thread
		}
		ann, err := b.announce(g.Channel, boardIn, false, board)
		if err != nil {
			return nil, err
		}
		return append(anns, ann), nil
	}
	defer b.locks.lock(g.Channel)()
	if err := b.createGame(g, compose); err != nil {
		return err
	}
	b.botTurn(g, eg)
	return nil
}

// challengeFor loads the challenge a button belongs to, refusing a stale
// button. The caller holds the channel's lock.
func (b *Bot) challengeFor(in *interaction, bt button) (*store.Game, error) {
	channel := buttonChannel(in, bt)
	g, err := b.load(channel)
	if err != nil {
		return nil, err
	}
	if g.Status != store.Challenge || !bt.current(g) || channel != in.ChannelID && g.Parent != in.ChannelID {
		return nil, movedOn()
	}
	in.adopt(g)
	return g, nil
}

// acceptedAlready refuses an Accept of a challenge whose game is on: to
// the one who accepted it, most likely a retry after Discord lost the
// answer; to anyone else, saying who was first. Nil when the button's
// challenge has no game being played.
func (b *Bot) acceptedAlready(in *interaction, bt button) error {
	g, _ := b.store.Get(buttonChannel(in, bt))
	if g == nil || g.Status != store.Active || bt.game != gameKey(g) {
		return nil
	}
	if in.user == b.challenged(g) {
		return refuse("You have accepted this challenge already: the game is on, and its board is in the channel.")
	}
	return refuse("%s accepted this challenge first; the game is on. Start your own with /volo challenge.", nameOf(g, b.challenged(g)))
}

// acceptButton starts the game of a challenge.
func (b *Bot) acceptButton(in *interaction, bt button) error {
	defer b.locks.lock(buttonChannel(in, bt))()
	g, err := b.challengeFor(in, bt)
	if err != nil {
		if taken := b.acceptedAlready(in, bt); taken != nil {
			return taken
		}
		return err
	}
	challenger, c := b.challenger(g)
	if in.user == challenger {
		return refuse("You can't accept your own challenge; you can withdraw it.")
	}
	open := b.challenged(g) == ""
	if _, named := g.Colour(in.user); !named && !open {
		return refuse("This challenge is for %s, not for you. Start your own with /volo challenge.", nameOf(g, b.challenged(g)))
	}
	if open { // the first to click takes the seat
		g.Players[c.Other()].ID = in.user
		in.adopt(g)
	}
	g.Status = store.Active
	g.Players[b.colourOf(g, in.user)].Name = in.name
	b.setClock(g)
	eg, err := g.Replay()
	if err != nil {
		return err
	}
	t := tr(g)
	content := t.Sprintf("%s accepted the challenge of %s: game %s, %s.", nameOf(g, in.user), nameOf(g, challenger), gameName(g), describeTermsIn(t, g))
	if g.Parent != "" {
		content += " " + t.Sprintf("The game is on in <#%s>.", g.Channel)
	}
	accepted, err := b.announce(in.ChannelID, in, true, reply{content: content})
	if err != nil {
		return err
	}
	board, err := b.boardAnnouncement(g, eg, t.Sprintf("The game begins. %s", b.turnLine(g, eg)))
	if err != nil {
		return err
	}
	if err := b.commitGame(g, accepted, board); err != nil {
		return err
	}
	if open && g.Parent != "" {
		// Not under the thread's lock: its moves need not wait for it.
		b.inFlight.Add(1)
		go func() {
			defer b.inFlight.Done()
			b.renameThread(g)
		}()
	}
	return nil
}

// declineButton and withdrawButton end a challenge unplayed.
func (b *Bot) declineButton(in *interaction, bt button, withdraw bool) error {
	defer b.locks.lock(buttonChannel(in, bt))()
	g, err := b.challengeFor(in, bt)
	if err != nil {
		return err
	}
	challenger, _ := b.challenger(g)
	switch {
	case withdraw && in.user != challenger:
		return refuse("Only %s, who made the challenge, can withdraw it.", nameOf(g, challenger))
	case !withdraw && in.user != b.challenged(g):
		return refuse("Only %s can decline this challenge.", nameOf(g, b.challenged(g)))
	}
	said := tr(g).Sprintf("%s declined the challenge. The channel is free for a new one.", plainName(in.name))
	if withdraw {
		said = tr(g).Sprintf("%s withdrew the challenge. The channel is free for a new one.", plainName(in.name))
	}
	ann, err := b.announce(in.ChannelID, in, true, reply{content: said})
	if err != nil {
		return err
	}
	return b.deleteGame(g, ann)
}

// challenger returns the player who made the challenge, and their colour.
func (b *Bot) challenger(g *store.Game) (string, engine.Colour) {
	for _, c := range []engine.Colour{engine.Orange, engine.Blue} {
		if g.Players[c].Challenger {
			return g.Players[c].ID, c
		}
	}
	return g.Players[engine.Orange].ID, engine.Orange
}

// challenged returns the player a challenge names.
func (b *Bot) challenged(g *store.Game) string {
	_, c := b.challenger(g)
	return g.Players[c.Other()].ID
}

// levelName names the computer's level in t: "easy", "facile".
func levelName(t lang.Tag, level string) string {
	switch level {
	case "easy":
		return t.Sprint("easy")
	case "medium":
		return t.Sprint("medium")
	case "hard":
		return t.Sprint("hard")
	}
	return level
}

// colourOf returns the colour a player of g plays.
func (b *Bot) colourOf(g *store.Game, user string) engine.Colour {
	c, _ := g.Colour(user)
	return c
}

// deniedChannel refuses a game in a channel of a server that added the
// bot whose permissions deny it View Channel or Send Messages: its boards,
// the computer's moves and the reminders could not be posted there.
func deniedChannel() error {
	return refuse("I may not send messages in this channel, and a game needs me to post its boards and to tell each player when it is their move. A server manager can give me View Channel and Send Messages here; until then, play in another channel.")
}
