package bot

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/store"
	"github.com/volo-discord/volo/tournament"
)

// /volo tournament: a server's round robins and Swiss events. The
// commands are here; the rounds that run themselves in tournround.go;
// what is shown (standings, pairings, results) in tournview.go; the
// pairing and scoring in package tournament, the keeping in package store.
// docs/tournaments.md tells the whole of it.

// The subcommand group and its subcommands.
const (
	cmdTournament = "tournament"

	tcCreate    = "create"
	tcJoin      = "join"
	tcLeave     = "leave"
	tcStart     = "start"
	tcPause     = "pause"
	tcResume    = "resume"
	tcCancel    = "cancel"
	tcWithdraw  = "withdraw"
	tcStandings = "standings"
	tcPairings  = "pairings"
	tcResults   = "results"
	tcList      = "list"
)

// The options of /volo tournament.
const (
	optName       = "name"
	optFormat     = "format"
	optRounds     = "rounds"
	optMaxPlayers = "max_players"
	optStartIn    = "start_in"
	optRound      = "round"
)

// defaultTournamentTime is a tournament's time per move when its creator
// names none: correspondence, three days a move.
const defaultTournamentTime = 3 * 24 * time.Hour

// maxStartIn is the furthest ahead a tournament may be set to start.
const maxStartIn = 60 * 24 * time.Hour

// actTournamentJoin is the Join button of a tournament's announcement;
// its game part is the tournament's ID.
const actTournamentJoin = "tjoin"

// groups are /volo's subcommand groups.
func groups() []groupSpec {
	name := optionSpec{name: text{optName, "nom"}, desc: text{"The tournament (the server's only one under way if left out)", "Le tournoi (le seul en cours du serveur sinon)"}, kind: discordgo.ApplicationCommandOptionString, autocomplete: true, maxLen: store.MaxTournamentName}
	named := func(cmd, fr string, desc text) subSpec {
		return subSpec{cmd, fr, desc, []optionSpec{name}}
	}
	return []groupSpec{{cmdTournament, "tournoi", text{"Round robins and Swiss tournaments, paired and scored by me", "Tournois toutes rondes et suisses, appariés et comptés par moi"}, []subSpec{
		{tcCreate, "créer", text{"Create a tournament here (members who can manage the server)", "Créer un tournoi ici (gestionnaires du serveur)"}, []optionSpec{
			{name: text{optName, "nom"}, desc: text{"Its name, unique among the server's tournaments under way", "Son nom, unique parmi les tournois en cours du serveur"}, kind: discordgo.ApplicationCommandOptionString, required: true, minLen: 1, maxLen: store.MaxTournamentName},
			{name: text{optFormat, "formule"}, desc: text{"How players are paired", "Comment les joueurs sont appariés"}, kind: discordgo.ApplicationCommandOptionString, required: true, choices: []choiceSpec{
				{text{"round robin: everyone plays everyone", "toutes rondes : chacun joue chacun"}, string(tournament.RoundRobin)},
				{text{"double round robin: twice, colours reversed", "double toutes rondes : deux fois, couleurs inversées"}, string(tournament.DoubleRoundRobin)},
				{text{"Swiss: players of equal score meet", "suisse : les joueurs à égalité se rencontrent"}, string(tournament.Swiss)},
			}},
			{name: text{optRounds, "rondes"}, desc: text{"Swiss: how many rounds", "Suisse : combien de rondes"}, kind: discordgo.ApplicationCommandOptionInteger, minValue: 1, maxValue: tournament.MaxSwissRounds},
			{name: text{optTime, "temps_par_coup"}, desc: text{"Time per move, 1h to 14d (3d if left out)", "Temps par coup, de 1h à 14d (3d sinon)"}, kind: discordgo.ApplicationCommandOptionString, maxLen: maxDurationLength},
			{name: text{optMaxPlayers, "joueurs_max"}, desc: text{"The most players it takes", "Le nombre de joueurs au plus"}, kind: discordgo.ApplicationCommandOptionInteger, minValue: tournament.MinPlayers, maxValue: tournament.MaxPlayers},
			{name: text{optRated, "classé"}, desc: text{"Whether its games count for ratings (yes unless false)", "Ses parties comptent-elles pour le classement (oui sauf false)"}, kind: discordgo.ApplicationCommandOptionBoolean},
			{name: text{optStartIn, "début_dans"}, desc: text{"Start by itself after this long, e.g. 2h or 3d (else its creator starts it)", "Commencer seul dans ce délai, par ex. 2h ou 3d (sinon son créateur le lance)"}, kind: discordgo.ApplicationCommandOptionString, maxLen: maxDurationLength},
		}},
		named(tcJoin, "rejoindre", text{"Enter a tournament before it starts", "S’inscrire à un tournoi avant son début"}),
		named(tcLeave, "quitter", text{"Leave a tournament before it starts", "Se désinscrire d’un tournoi avant son début"}),
		named(tcStart, "lancer", text{"Start a tournament now (its creator)", "Lancer un tournoi maintenant (son créateur)"}),
		named(tcPause, "pause", text{"Pause a tournament: no new round until resumed (its creator)", "Mettre un tournoi en pause : pas de nouvelle ronde (son créateur)"}),
		named(tcResume, "reprendre", text{"Resume a paused tournament (its creator)", "Reprendre un tournoi en pause (son créateur)"}),
		named(tcCancel, "annuler", text{"Call a tournament off (its creator)", "Annuler un tournoi (son créateur)"}),
		named(tcWithdraw, "retrait", text{"Withdraw from a tournament under way: your games left are lost", "Se retirer d’un tournoi en cours : vos parties restantes sont perdues"}),
		named(tcStandings, "classement", text{"A tournament's standings, with its tie-breaks", "Le classement d’un tournoi, avec ses départages"}),
		{tcPairings, "appariements", text{"A round's pairings (the latest if left out)", "Les appariements d’une ronde (la dernière sinon)"}, []optionSpec{
			name,
			{name: text{optRound, "ronde"}, desc: text{"Which round", "Quelle ronde"}, kind: discordgo.ApplicationCommandOptionInteger, minValue: 1, maxValue: 2 * tournament.MaxPlayers},
		}},
		{tcResults, "résultats", text{"A player's games in a tournament (yours if left out)", "Les parties d’un joueur dans un tournoi (les vôtres sinon)"}, []optionSpec{
			name,
			{name: text{optUser, "joueur"}, desc: text{"Whose results", "Les résultats de qui"}, kind: discordgo.ApplicationCommandOptionUser},
		}},
		{tcList, "liste", text{"This server's tournaments, under way and past", "Les tournois de ce serveur, en cours et passés"}, nil},
	}}}
}

// tournamentCommand routes /volo tournament's subcommands.
func (b *Bot) tournamentCommand(in *interaction, sub string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption, resolved *discordgo.ApplicationCommandInteractionDataResolved) error {
	if in.GuildID == "" {
		return refuse("Tournaments are held in servers: create or join one in a server's channel.")
	}
	name := optString(opts, optName)
	switch sub {
	case tcCreate:
		return b.createTournament(in, opts)
	case tcList:
		return b.listTournaments(in)
	case tcResults:
		user := in.user
		if o, ok := opts[optUser]; ok {
			user, _ = o.Value.(string)
		}
		return b.tournamentResults(in, name, user, resolved)
	case tcPairings:
		return b.tournamentPairings(in, name, optInt(opts, optRound))
	case tcStandings:
		return b.tournamentStandings(in, name)
	case tcJoin:
		return b.joinTournament(in, name, "")
	case tcLeave:
		return b.leaveTournament(in, name)
	case tcWithdraw:
		return b.withdrawFromTournament(in, name)
	case tcStart, tcPause, tcResume, tcCancel:
		return b.runTournamentCommand(in, sub, name)
	}
	return refuse("I don't know /volo tournament %s. Try /volo help.", sub)
}

// optInt reads an integer option, 0 when it is left out.
func optInt(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, name string) int {
	o, ok := opts[name]
	if !ok {
		return 0
	}
	if f, ok := o.Value.(float64); ok {
		return int(f)
	}
	return 0
}

// createTournament creates a tournament in the interaction's channel, with
// a thread of its own for its pairings, results and standings, and posts
// it with a Join button.
func (b *Bot) createTournament(in *interaction, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) error {
	switch {
	case !in.canManageGuild():
		return refuse("Only members who can manage the server create tournaments. Ask one of them, then join with /volo tournament join.")
	case !in.place.member:
		return refuse("I can only hold a tournament in a server that added me, in a channel where I may post. Nothing was created.")
	case !in.place.threads:
		return refuse("Every game of a tournament is played in a thread of its own, and I may not start threads here: I need Create Public Threads and Send Messages in Threads. Nothing was created.")
	case !in.place.images:
		return refuse("I may not attach files in this channel, and every move is shown as a picture of the board. Nothing was created.")
	}
	format, err := tournament.ParseFormat(optString(opts, optFormat))
	if err != nil {
		return refuse("Choose the format round-robin, double-round-robin or swiss. Nothing was created.")
	}
	rounds := optInt(opts, optRounds)
	switch {
	case format == tournament.Swiss && rounds == 0:
		return refuse("A Swiss tournament needs its number of rounds: rounds:5, say. Nothing was created.")
	case format != tournament.Swiss && rounds != 0:
		return refuse("A round robin has as many rounds as it takes everyone to meet: leave out rounds. Nothing was created.")
	}
	tpm := defaultTournamentTime
	if s := optString(opts, optTime); s != "" {
		if tpm, err = ParseDuration(s); err != nil || tpm < MinTimePerMove || tpm > MaxTimePerMove {
			return refuse("The time per move of a tournament must be from 1h to 14d, like 24h or 3d; %s is not. Nothing was created.", quoted(s))
		}
	}
	var startAt time.Time
	if s := optString(opts, optStartIn); s != "" {
		d, err := ParseDuration(s)
		if err != nil || d < time.Minute || d > maxStartIn {
			return refuse("start_in is how long from now the tournament starts by itself, from 1m to 60d, like 2h or 3d; %s is not. Nothing was created.", quoted(s))
		}
		startAt = b.clock().Add(d)
	}
	rated, given := optBool(opts, optRated)
	t := &store.Tournament{
		Guild: in.GuildID, Channel: in.ChannelID, Name: optString(opts, optName), Creator: in.user,
		Format: format, Rounds: rounds, MaxPlayers: optInt(opts, optMaxPlayers), TimePerMove: tpm,
		Rated: rated || !given, Lang: in.public.String(), StartAt: startAt,
	}
	if err := store.ValidateTournament(t); err != nil {
		return refuse("The tournament's name is at most %d characters of plain text. Nothing was created.", store.MaxTournamentName)
	}
	if old, err := b.store.TournamentByName(in.GuildID, t.Name); err == nil && old.Status.Live() {
		return refuse("This server already has a tournament named %s under way. Choose another name. Nothing was created.", quoted(old.Name))
	}
	th, err := b.session.ThreadStart(in.ChannelID, clip(strip(in.public.Sprintf("Tournament: %s", t.Name)), 100), discordgo.ChannelTypeGuildPublicThread, threadArchive)
	if err != nil {
		return fmt.Errorf("start the thread of tournament %q: %w", t.Name, err)
	}
	t.Thread = th.ID
	pt := in.public
	opened, err := b.announce(t.Thread, nil, false, reply{content: pt.Sprintf("**%s** is open for entries: %s. Join with /volo tournament join or the button in <#%s>; its pairings, results and standings will be posted here.", plainName(t.Name), describeTournament(pt, t), t.Channel)})
	if err != nil {
		return err
	}
	post, err := b.announce(in.ChannelID, in, false, reply{
		content:    pt.Sprintf("%s created the tournament **%s**: %s. %s Its pairings, results and standings: <#%s>.", plainName(in.name), plainName(t.Name), describeTournament(pt, t), startLine(pt, t), t.Thread),
		components: joinRow(pt, t.Thread),
	})
	if err != nil {
		return err
	}
	err = b.committed(commitTourney, func() error { return b.store.CreateTournament(t, opened, post) })
	if err != nil {
		// The thread is started, and the bot may not delete it.
		if errors.Is(err, store.ErrTournamentName) {
			return refuse("This server already has a tournament named %s under way, created a moment ago; the thread <#%s> I started for yours stays empty.", quoted(t.Name), t.Thread)
		}
		return keptAfter(fmt.Errorf("create tournament %q: %w", t.Name, err),
			"I started the thread <#%s> for the tournament, but something went wrong on my side as I stored it, so the thread stays empty. Please try again in a moment.", t.Thread)
	}
	b.tournamentsChanged() // a scheduled start
	b.outbox.send(opened, post)
	return nil
}

// joinRow is the Join button of a tournament's announcement. It names the
// tournament by its thread, which exists before the tournament is stored
// (its ID does not).
func joinRow(t lang.Tag, thread string) []discordgo.MessageComponent {
	id := strings.Join([]string{"volo", actTournamentJoin, thread, "0", ""}, "/")
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: t.Sprint("Join"), Style: discordgo.PrimaryButton, CustomID: id},
	}}}
}

// describeTournament says a tournament's terms: "Swiss over 5 rounds, 3d
// per move, rated, at most 16 players".
func describeTournament(t lang.Tag, tt *store.Tournament) string {
	var format string
	switch tt.Format {
	case tournament.Swiss:
		format = t.Sprintf("Swiss over %d rounds", tt.Rounds)
	case tournament.DoubleRoundRobin:
		format = t.Sprint("double round robin")
	default:
		format = t.Sprint("round robin")
	}
	rated := t.Sprint("rated games")
	if !tt.Rated {
		rated = t.Sprint("friendly games")
	}
	s := t.Sprintf("%s, %s per move, %s", format, formatDurationIn(t, tt.TimePerMove), rated)
	if tt.MaxPlayers > 0 {
		s += ", " + t.Sprintf("at most %d players", tt.MaxPlayers)
	}
	return s
}

// startLine says when a tournament starts.
func startLine(t lang.Tag, tt *store.Tournament) string {
	if tt.StartAt.IsZero() {
		return t.Sprint("Its creator starts it with /volo tournament start.")
	}
	return t.Sprintf("It starts by itself %s.", when(tt.StartAt))
}

// tournamentNamed finds the server's tournament of a name, or, with none
// named, its only live tournament.
func (b *Bot) tournamentNamed(in *interaction, name string) (*store.Tournament, error) {
	if name != "" {
		t, err := b.store.TournamentByName(in.GuildID, name)
		if errors.Is(err, store.ErrNoTournament) {
			return nil, refuse("This server has no tournament named %s. /volo tournament list names them.", quoted(name))
		}
		if err != nil {
			return nil, fmt.Errorf("tournament %q: %w", name, err)
		}
		return t, nil
	}
	all, err := b.store.Tournaments(in.GuildID)
	if err != nil {
		return nil, fmt.Errorf("tournaments of %s: %w", in.GuildID, err)
	}
	var live []*store.Tournament
	for _, t := range all {
		if t.Status.Live() {
			live = append(live, t)
		}
	}
	switch {
	case len(live) == 1:
		return live[0], nil
	case len(live) == 0 && len(all) > 0:
		return all[len(all)-1], nil
	case len(live) == 0:
		return nil, refuse("This server has no tournament yet. A member who can manage the server creates one with /volo tournament create.")
	}
	return nil, refuse("This server has %d tournaments under way: name one with name:. /volo tournament list names them.", len(live))
}
