package bot

import (
	"cmp"

	"github.com/bwmarrin/discordgo"

	"github.com/volo-discord/volo/store"
)

// The subcommands of /volo.
const (
	cmdChallenge = "challenge"
	cmdMove      = "move"
	cmdPass      = "pass"
	cmdResign    = "resign"
	cmdDraw      = "draw"
	cmdBoard     = "board"
	cmdHistory   = "history"
	cmdGames     = "games"
	cmdRules     = "rules"
	cmdHelp      = "help"
	cmdAbort     = "abort"
	cmdSettings  = "settings"
	cmdTakeback  = "takeback"
	cmdProfile   = "profile"
	cmdBoardList = "leaderboard"
	cmdMyGames   = "mygames"
	cmdPuzzle    = "puzzle"
	cmdVacation  = "vacation"
	cmdPlans     = "plans"
)

// text is a name or description in English with its French translation.
type text struct{ en, fr string }

type optionSpec struct {
	name         text
	desc         text
	kind         discordgo.ApplicationCommandOptionType
	required     bool
	autocomplete bool
	choices      []choiceSpec
	minLen       int
	maxLen       int // 0 for a string option means maxOptionLength
	// minValue and maxValue bound an integer option.
	minValue, maxValue int
}

type choiceSpec struct {
	name  text
	value string
}

type subSpec struct {
	name    string
	frName  string
	desc    text
	options []optionSpec
}

// groupSpec is a subcommand group: /volo tournament create.
type groupSpec struct {
	name   string
	frName string
	desc   text
	subs   []subSpec
}

// volo option names, the same in every language for the code.
const (
	optOpponent = "opponent"
	optRules    = "rules"
	optColour   = "colour"
	optTime     = "time_per_move"
	optLevel    = "level"
	optMove     = "move"
	optGame     = "game"
	optThread   = "thread"
	optLabels   = "labels"
	optRated    = "rated"
	optUser     = "user"
	optScope    = "scope"
	optNotify   = "notify"
	optTheme    = "theme"
	optAnswer   = "answer"
	optDaily    = "daily"
	// optDailyPuzzle is the server's setting of its puzzle of the day.
	optDailyPuzzle = "daily_puzzle"
	// optState is /volo vacation's on or off.
	optState = "state"
	// optIf is /volo move's condition: the opponent's moves a plan answers.
	optIf = "if"
)

func subcommands() []subSpec {
	return []subSpec{
		{cmdChallenge, "défi", text{"Challenge someone (or me) to a game of Volo in this channel", "Défier quelqu’un (ou moi) à une partie de Volo dans ce salon"}, []optionSpec{
			{name: text{optOpponent, "adversaire"}, desc: text{"Who you challenge; leave it out to let anyone here accept", "Qui vous défiez ; sinon, n’importe qui ici peut accepter"}, kind: discordgo.ApplicationCommandOptionUser},
			{name: text{optRules, "règles"}, desc: text{"Rule set (standard unless you choose)", "Règles (standard par défaut)"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"standard", "standard"}, "standard"}, {text{"last-act (French translation)", "dernier acte (traduction française)"}, "last-act"},
			}},
			{name: text{optColour, "couleur"}, desc: text{"Your colour: orange moves first", "Votre couleur : orange commence"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"orange", "orange"}, "orange"}, {text{"blue", "bleu"}, "blue"}, {text{"random", "au hasard"}, "random"},
			}},
			{name: text{optTime, "temps_par_coup"}, desc: text{"Time per move for correspondence play: 1h to 14d, e.g. 24h or 3d", "Temps par coup : de 1h à 14d, par ex. 24h ou 3d"}, kind: discordgo.ApplicationCommandOptionString, maxLen: maxDurationLength},
			{name: text{optLevel, "niveau"}, desc: text{"My strength, when you challenge me", "Ma force, si vous me défiez"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"easy", "facile"}, "easy"}, {text{"medium", "moyen"}, "medium"}, {text{"hard", "difficile"}, "hard"},
			}},
			{name: text{optThread, "fil"}, desc: text{"Play in a thread of its own (the server's setting if left out)", "Jouer dans un fil à part (le réglage du serveur sinon)"}, kind: discordgo.ApplicationCommandOptionBoolean},
			{name: text{optRated, "classée"}, desc: text{"Whether the game counts for ratings (yes unless you say false)", "La partie compte-t-elle pour le classement (oui sauf si false)"}, kind: discordgo.ApplicationCommandOptionBoolean},
		}},
		{cmdMove, "jouer", text{"Play a move: f5 adds a bird, c3:c5-NE2 flies a line", "Jouer un coup : f5 pose un oiseau, c3:c5-NE2 fait voler une ligne"}, []optionSpec{
			{name: text{optMove, "coup"}, desc: text{"The move, e.g. f5, l2-SE3, c3:c5-NE2/e7", "Le coup, par ex. f5, l2-SE3, c3:c5-NE2/e7"}, kind: discordgo.ApplicationCommandOptionString, required: true, autocomplete: true, minLen: 1, maxLen: maxMoveLength},
			{name: text{optIf, "si"}, desc: text{"Correspondence: plan move as your reply if they play this (f5, or f5 h7 d4)", "Correspondance : jouer coup en réponse s’il joue ceci (f5, ou f5 h7 d4)"}, kind: discordgo.ApplicationCommandOptionString, maxLen: maxIfLength},
		}},
		{cmdPlans, "plans", text{"Your plans in this correspondence game, to see or cancel (only you see them)", "Vos plans dans cette partie par correspondance, à voir ou annuler"}, nil},
		{cmdPass, "passer", text{"Pass your turn (only when the rules allow it)", "Passer votre tour (seulement si les règles le permettent)"}, nil},
		{cmdResign, "abandonner", text{"Resign the game in this channel", "Abandonner la partie de ce salon"}, nil},
		{cmdTakeback, "reprendre", text{"Ask to take back your last move, before your opponent moves", "Demander à reprendre votre dernier coup, avant que l’adversaire joue"}, nil},
		{cmdDraw, "nulle", text{"Offer your opponent a draw", "Proposer la nulle à votre adversaire"}, nil},
		{cmdBoard, "plateau", text{"Show the board, whose turn it is and the time left", "Afficher le plateau, le trait et le temps restant"}, []optionSpec{
			{name: text{optLabels, "noms"}, desc: text{"Name every empty point on the board", "Nommer chaque intersection libre du plateau"}, kind: discordgo.ApplicationCommandOptionBoolean},
		}},
		{cmdHistory, "historique", text{"The moves so far and the game record as a file", "Les coups joués et la partie en fichier"}, []optionSpec{
			{name: text{optGame, "partie"}, desc: text{"A game's number here, such as #42, or a finished game's ID (this channel's game if left out)", "Le numéro d’une partie de ce serveur, par ex. #42, ou l’identifiant d’une partie finie"}, kind: discordgo.ApplicationCommandOptionString, autocomplete: true, maxLen: maxGameIDLength},
		}},
		{cmdReview, "analyse", text{"A finished game's chances move by move, and the three moves that changed them most", "Les chances d’une partie finie coup par coup, et les trois coups qui les ont le plus changées"}, []optionSpec{
			{name: text{optGame, "partie"}, desc: text{"A finished game's number here, such as #42, or its ID (this channel's last if left out)", "Le numéro d’une partie finie, par ex. #42, ou son identifiant (la dernière du salon sinon)"}, kind: discordgo.ApplicationCommandOptionString, autocomplete: true, maxLen: maxGameIDLength},
		}},
		{cmdGames, "parties", text{"The games being played in this server", "Les parties en cours sur ce serveur"}, nil},
		{cmdRules, "règles", text{"How to play Volo", "Comment jouer à Volo"}, nil},
		{cmdHelp, "aide", text{"What the Volo commands do", "Ce que font les commandes Volo"}, nil},
		{cmdSettings, "réglages", text{"Your settings, and this server's (those for members who can manage it)", "Vos réglages, et ceux du serveur (pour ses gestionnaires)"}, []optionSpec{
			{name: text{optNotify, "avis"}, desc: text{"How I tell you it is your move", "Comment je vous dis que c’est à vous de jouer"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"ping me in the game's channel", "me mentionner dans le salon de la partie"}, store.NotifyChannel},
				{text{"a direct message in games with a time limit", "un message privé dans les parties à temps limité"}, store.NotifyDM},
				{text{"off: name me without a ping", "aucun : me nommer sans mention"}, store.NotifyOff},
			}},
			{name: text{optTheme, "thème"}, desc: text{"The board's colours in the views only you see (the move picker)", "Les couleurs du plateau dans vos vues privées (le choix du coup)"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"dark", "sombre"}, "dark"}, {text{"light", "clair"}, "light"},
			}},
			{name: text{optThread, "fil"}, desc: text{"Server: start every game in a thread of its own", "Serveur : commencer chaque partie dans un fil à part"}, kind: discordgo.ApplicationCommandOptionBoolean},
			{name: text{optDailyPuzzle, "problème_du_jour"}, desc: text{"Server: post a puzzle of the day in this channel (false: none)", "Serveur : publier un problème du jour dans ce salon (false : aucun)"}, kind: discordgo.ApplicationCommandOptionBoolean},
		}},
		{cmdProfile, "profil", text{"A player's ratings, record, games being played and last results", "Cote, bilan, parties en cours et derniers résultats d’un joueur"}, []optionSpec{
			{name: text{optUser, "joueur"}, desc: text{"Whose profile (yours if left out)", "Le profil de qui (le vôtre sinon)"}, kind: discordgo.ApplicationCommandOptionUser},
		}},
		{cmdBoardList, "classement", text{"The players ranked by rating", "Les joueurs classés"}, []optionSpec{
			{name: text{optScope, "portée"}, desc: text{"This server's ratings or everyone's (this server if left out)", "Le classement de ce serveur ou de tous (ce serveur par défaut)"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"this server", "ce serveur"}, scopeServer}, {text{"global", "global"}, scopeGlobal},
			}},
		}},
		{cmdMyGames, "mesparties", text{"Every game of yours, in every server, the most urgent first (only you see it)", "Toutes vos parties, sur tous les serveurs, les plus urgentes d’abord"}, nil},
		{cmdPuzzle, "problème", text{"A Volo puzzle: find the one move that forces the win", "Un problème de Volo : trouvez le seul coup qui force le gain"}, []optionSpec{
			{name: text{optLevel, "niveau"}, desc: text{"How hard (medium unless you choose)", "Sa difficulté (moyen par défaut)"}, kind: discordgo.ApplicationCommandOptionString, choices: []choiceSpec{
				{text{"easy", "facile"}, "easy"}, {text{"medium", "moyen"}, "medium"}, {text{"hard", "difficile"}, "hard"},
			}},
			{name: text{optAnswer, "réponse"}, desc: text{"Your answer to the puzzle you are solving, e.g. c3:c5-NE2", "Votre réponse au problème en cours, par ex. c3:c5-NE2"}, kind: discordgo.ApplicationCommandOptionString, maxLen: maxMoveLength},
			{name: text{optDaily, "du_jour"}, desc: text{"This server's puzzle of the day", "Le problème du jour de ce serveur"}, kind: discordgo.ApplicationCommandOptionBoolean},
		}},
		{cmdVacation, "vacances", text{"Stop your clocks in your correspondence games while you are away, from your vacation days", "Arrêter vos pendules des parties par correspondance pendant votre absence (jours de vacances)"}, []optionSpec{
			{name: text{optState, "état"}, desc: text{"on: start your vacation; off: end it", "on : commencer vos vacances ; off : les finir"}, kind: discordgo.ApplicationCommandOptionString, required: true, choices: []choiceSpec{
				{text{"on: I am away", "on : je m’absente"}, vacationOn}, {text{"off: I am back", "off : je suis de retour"}, vacationOff},
			}},
		}},
		{cmdAbort, "annuler", text{"Call off the game before both have moved, or when your opponent has long left you waiting", "Annuler la partie avant que les deux aient joué, ou si l’adversaire vous fait trop attendre"}, nil},
	}
}

// Commands returns the one /volo command with its subcommands, names and
// descriptions in English and French, as the bot registers it globally.
// Registered for one server (a development guild) it goes without
// installation types and contexts, which Discord keeps for global
// commands: see commandsFor.
func Commands() []*discordgo.ApplicationCommand {
	volo := &discordgo.ApplicationCommand{
		Name:                     "volo",
		Description:              "Play Volo, Dieter Stein's game of birds",
		DescriptionLocalizations: &map[discordgo.Locale]string{discordgo.French: "Jouer à Volo, le jeu d’oiseaux de Dieter Stein"},
		// Installable to a server and to a person's account, and offered in
		// servers, in the bot's DMs and in group DMs and DMs between
		// friends (where the bot is not a member: see place).
		IntegrationTypes: &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall},
		Contexts:         &[]discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM, discordgo.InteractionContextPrivateChannel},
	}
	for _, sub := range subcommands() {
		volo.Options = append(volo.Options, subOption(sub))
	}
	for _, g := range groups() {
		opt := subOption(subSpec{name: g.name, frName: g.frName, desc: g.desc})
		opt.Type = discordgo.ApplicationCommandOptionSubCommandGroup
		for _, sub := range g.subs {
			opt.Options = append(opt.Options, subOption(sub))
		}
		volo.Options = append(volo.Options, opt)
	}
	return []*discordgo.ApplicationCommand{volo}
}

// subOption is a subcommand as Discord takes it.
func subOption(sub subSpec) *discordgo.ApplicationCommandOption {
	opt := &discordgo.ApplicationCommandOption{
		Type:                     discordgo.ApplicationCommandOptionSubCommand,
		Name:                     sub.name,
		NameLocalizations:        map[discordgo.Locale]string{discordgo.French: sub.frName},
		Description:              sub.desc.en,
		DescriptionLocalizations: map[discordgo.Locale]string{discordgo.French: sub.desc.fr},
	}
	for _, o := range sub.options {
		child := &discordgo.ApplicationCommandOption{
			Type:                     o.kind,
			Name:                     o.name.en,
			NameLocalizations:        map[discordgo.Locale]string{discordgo.French: o.name.fr},
			Description:              o.desc.en,
			DescriptionLocalizations: map[discordgo.Locale]string{discordgo.French: o.desc.fr},
			Required:                 o.required,
			Autocomplete:             o.autocomplete,
		}
		if o.minLen > 0 {
			n := o.minLen
			child.MinLength = &n
		}
		if o.kind == discordgo.ApplicationCommandOptionString {
			child.MaxLength = cmp.Or(o.maxLen, maxOptionLength)
		}
		if o.kind == discordgo.ApplicationCommandOptionInteger {
			lo := float64(o.minValue)
			child.MinValue, child.MaxValue = &lo, float64(o.maxValue)
		}
		for _, c := range o.choices {
			child.Choices = append(child.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name:              c.name.en,
				NameLocalizations: map[discordgo.Locale]string{discordgo.French: c.name.fr},
				Value:             c.value,
			})
		}
		opt.Options = append(opt.Options, child)
	}
	return opt
}

// commandsFor returns the commands to register for guild, or globally
// when guild is empty.
func commandsFor(guild string) []*discordgo.ApplicationCommand {
	cmds := Commands()
	if guild != "" {
		for _, c := range cmds {
			c.IntegrationTypes, c.Contexts = nil, nil
		}
	}
	return cmds
}
