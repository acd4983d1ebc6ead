package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/internal/lang"
	"github.com/volo-discord/volo/rating"
	"github.com/volo-discord/volo/store"
)

// nbsp is the no-break space French puts before : ; ! ? and inside « ».
const nbsp = "\u00a0"

func TestFrenchDurationsAreWordsWithPlurals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{time.Hour, "1 heure"}, {90 * time.Minute, "1 heure 30 minutes"}, {24 * time.Hour, "1 jour"},
		{36 * time.Hour, "1 jour 12 heures"}, {14 * 24 * time.Hour, "14 jours"},
		{25*time.Hour + 61*time.Second, "1 jour 1 heure 1 minute"}, {2 * time.Minute, "2 minutes"}, {0, "0 minute"},
	} {
		if got := formatDurationIn(lang.French, tc.d); got != tc.want {
			t.Errorf("formatDurationIn(French, %v) = %q, want %q", tc.d, got, tc.want)
		}
		if got, want := formatDurationIn(lang.English, tc.d), formatDuration(tc.d); got != want {
			t.Errorf("formatDurationIn(English, %v) = %q, formatDuration %q", tc.d, got, want)
		}
	}
}

func TestTermsInFrench(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		g       store.Game
		en, fr  string
		comment string
	}{
		{store.Game{Rules: engine.Standard, TimePerMove: 24 * time.Hour},
			"standard rules, 1d per move, rated", "règles standard, 1 jour par coup, partie classée", "timed and rated"},
		{store.Game{Rules: engine.LastAct, Unrated: true},
			"last-act rules, no time limit, unrated", "règles «" + nbsp + "dernier acte" + nbsp + "», sans limite de temps, partie non classée", "friendly"},
		{store.Game{Rules: engine.Standard, TimePerMove: 3*24*time.Hour + 2*time.Hour},
			"standard rules, 3d2h per move, rated", "règles standard, 3 jours 2 heures par coup, partie classée", "days and hours"},
	} {
		if got := describeTermsIn(lang.English, &tc.g); got != tc.en {
			t.Errorf("%s: English %q, want %q", tc.comment, got, tc.en)
		}
		if got := describeTermsIn(lang.French, &tc.g); got != tc.fr {
			t.Errorf("%s: French %q, want %q", tc.comment, got, tc.fr)
		}
	}
}

func TestRecordsAgreeWithTheirCounts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		won, lost, drawn int
		en, fr           string
	}{
		{1, 0, 0, "1 game: 1 won, 0 lost, 0 drawn", "1 partie" + nbsp + ": 1 gagnée, 0 perdue, 0 nulle"},
		{8, 3, 1, "12 games: 8 won, 3 lost, 1 drawn", "12 parties" + nbsp + ": 8 gagnées, 3 perdues, 1 nulle"},
		{0, 0, 0, "no games yet", "pas encore de partie"},
		{1200, 300, 2, "1,502 games: 1,200 won, 300 lost, 2 drawn", "1" + nbsp + "502 parties" + nbsp + ": 1" + nbsp + "200 gagnées, 300 perdues, 2 nulles"},
	} {
		st := store.Standing{Won: tc.won, Lost: tc.lost, Drawn: tc.drawn}
		if got := recordText(lang.English, st); got != tc.en {
			t.Errorf("English %q, want %q", got, tc.en)
		}
		if got := recordText(lang.French, st); got != tc.fr {
			t.Errorf("French %q, want %q", got, tc.fr)
		}
	}
}

func TestOrdinals(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 111: "111th", 1001: "1001st"} {
		if got := ordinal(lang.English, n); got != want {
			t.Errorf("ordinal(English, %d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1er", 2: "2e", 3: "3e", 11: "11e", 21: "21e", 1001: "1001e"} {
		if got := ordinal(lang.French, n); got != want {
			t.Errorf("ordinal(French, %d) = %q, want %q", n, got, want)
		}
	}
}

// The help names every command and option as Discord shows them in the
// reader's language (that both texts fit a message is
// TestHelpAndRulesFitAMessage's).
func TestHelpNamesTheCommandsOfItsLanguage(t *testing.T) {
	t.Parallel()
	fr, en := helpText(lang.French), helpText(lang.English)
	names := func(text, sub string) bool {
		return strings.Contains(text, "/volo "+sub+"`") || strings.Contains(text, "/volo "+sub+" ")
	}
	for _, sub := range subcommands() {
		if sub.name == cmdHelp {
			continue
		}
		if !names(fr, sub.frName) {
			t.Errorf("the French help does not name /volo %s", sub.frName)
		}
		if !names(en, sub.name) {
			t.Errorf("the English help does not name /volo %s", sub.name)
		}
		if sub.frName != sub.name && names(fr, sub.name) {
			t.Errorf("the French help names the English /volo %s", sub.name)
		}
	}
	for _, g := range groups() {
		if !names(fr, g.frName) || !names(en, g.name) {
			t.Errorf("the help does not name /volo %s (/volo %s)", g.name, g.frName)
		}
		for _, sub := range g.subs {
			if !strings.Contains(fr, "`"+sub.frName+"`") && !strings.Contains(fr, g.frName+" "+sub.frName) {
				t.Errorf("the French help does not name /volo %s %s", g.frName, sub.frName)
			}
		}
	}
	for _, opt := range []string{"adversaire:", "coup:", "noms:", "partie:", "portée:", "fil:", "classée:"} {
		if !strings.Contains(fr, opt) {
			t.Errorf("the French help does not name the option %s", opt)
		}
	}
	rules := rulesText(lang.French)
	for _, want := range []string{"nuée", "intersection", "`/volo jouer coup:f5`", "`/volo jouer coup:c3:c5-NE2`", "`c3:c5-NE2/e7`", "région", "Passer", "nulle"} {
		if !strings.Contains(rules, want) {
			t.Errorf("the French rules do not say %q:\n%s", want, rules)
		}
	}
	if strings.Contains(rules, "/volo move") || strings.Contains(rules, "'") {
		t.Errorf("the French rules name an English command or use a straight apostrophe:\n%s", rules)
	}
}

func TestSettingsInFrench(t *testing.T) {
	t.Parallel()
	got := settingsText(lang.French, store.UserSettings{Notify: store.NotifyDM}, store.GuildSettings{Threads: true}, true, "dark")
	for _, want := range []string{"**Vos réglages**", "• avis" + nbsp + ": message privé. Quand c’est à vous de jouer", "• thème" + nbsp + ": sombre (par défaut).", "/volo réglages avis:…", "**Ce serveur**", "dans un fil à part", "/volo réglages fil:true"} {
		if !strings.Contains(got, want) {
			t.Errorf("French settings lack %q:\n%s", want, got)
		}
	}
	got = settingsText(lang.French, store.UserSettings{Notify: store.NotifyOff, Theme: "light"}, store.GuildSettings{}, false, "dark")
	if !strings.Contains(got, "• avis"+nbsp+": aucun. Je vous nomme") || !strings.Contains(got, "• thème"+nbsp+": clair.") || strings.Contains(got, "serveur**") {
		t.Errorf("French settings outside a server:\n%s", got)
	}
	want := "**Your settings**\n• notify: channel. I ping you in the game's channel when it is your move.\n• theme: dark (the bot's default).\nChange them with /volo settings notify:… or theme:….\n"
	if got := settingsText(lang.English, store.UserSettings{}, store.GuildSettings{}, false, "dark"); got != want {
		t.Errorf("English settings:\n%q\nwant\n%q", got, want)
	}
}

func TestMyGamesInFrench(t *testing.T) {
	t.Parallel()
	deadline := time.Unix(1764000000, 0)
	g := &store.Game{Guild: "1", Channel: "2", Status: store.Active, Moves: make([]store.Move, 1500), Deadline: deadline}
	g.Players[engine.Orange].Name = "ana"
	challenge := &store.Game{Channel: "3", Status: store.Challenge, Deadline: deadline}
	challenge.Players[engine.Orange].Name = "ben"
	mine := []myGame{
		{g: g, what: lang.French.Sprint("**your move**"), by: deadline, ply: 1500},
		{g: challenge, what: lang.French.Sprint("a challenge to you: accept it in the channel"), by: deadline},
	}
	got := myGamesText(lang.French, mine)
	for _, want := range []string{
		"Vos 2 parties, les plus urgentes d’abord" + nbsp + ":",
		"• **à vous de jouer** · ana contre n’importe qui · coup 1" + nbsp + "500 · fin du temps <t:1764000000:R> · https://discord.com/channels/1/2",
		"• un défi pour vous" + nbsp + ": acceptez-le dans le salon · ben contre n’importe qui · expire <t:1764000000:R> · en message privé",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("French mygames lack %q:\n%s", want, got)
		}
	}
	if got := myGamesText(lang.French, mine[:1]); !strings.HasPrefix(got, "Votre partie"+nbsp+":\n") {
		t.Errorf("one game in French: %q", got)
	}
	if got := myGamesText(lang.English, nil); got != "You have no games or challenges right now. Start one with /volo challenge." {
		t.Errorf("no games in English: %q", got)
	}
}

func TestResultLinesInFrench(t *testing.T) {
	t.Parallel()
	finished := time.Unix(1764000000, 0)
	g := &store.Game{Status: store.Finished, Finished: finished,
		Outcome: engine.Outcome{Result: engine.OrangeWins, Reason: engine.Resignation}}
	g.Players[engine.Orange] = store.Player{ID: "1", Name: "ana"}
	g.Players[engine.Blue] = store.Player{ID: "2", Name: "ben"}
	g.Ratings[engine.Orange] = store.RatingChange{Before: rating.Rating{R: 1500}, After: rating.Rating{R: 1662}}
	for user, want := range map[string]string{
		"1": "• Victoire contre ben (abandon) · 1500 → 1662 (+162) · <t:1764000000:R>",
		"2": "• Défaite contre ana (abandon) · <t:1764000000:R>",
	} {
		if got := resultLine(lang.French, g, user); got != want {
			t.Errorf("French result of %s: %q, want %q", user, got, want)
		}
	}
	g.Unrated = true
	g.Outcome = engine.Outcome{Result: engine.Draw, Reason: engine.AgreedDraw}
	g.Players[engine.Blue] = store.Player{ID: "computer", Level: "hard"}
	if got, want := resultLine(lang.French, g, "1"), "• Nulle contre ? (l’ordinateur, difficile) ("; !strings.HasPrefix(got, want) || !strings.Contains(got, "· partie non classée ·") {
		t.Errorf("French draw against the computer: %q, want it to start %q", got, want)
	}
	if got, want := resultLine(lang.English, g, "1"), "• Drew with ? (the computer, hard) (agreed draw) · unrated · <t:1764000000:R>"; got != want {
		t.Errorf("English draw: %q, want %q", got, want)
	}
}

func TestUserTextIsQuotedInTheLanguage(t *testing.T) {
	t.Parallel()
	if got := lang.French.Sprintf("The time per move must be from 1h to 14d, like 24h or 3d, or 0 for no limit; %s is not.", quoted("99x")); !strings.Contains(got, "«"+nbsp+"99x"+nbsp+"» ne convient pas") {
		t.Errorf("French quote: %q", got)
	}
	if got := lang.English.Sprintf("Game %s cannot be replayed from its record.", quoted("a\nb")); got != `Game "a\nb" cannot be replayed from its record.` {
		t.Errorf("English quote: %q", got)
	}
	if got := refuse("Game %s cannot be replayed from its record.", quoted("x")).Error(); got != `Game "x" cannot be replayed from its record.` {
		t.Errorf("a refusal's English: %q", got)
	}
}

func TestThreadAndEndLinesInFrench(t *testing.T) {
	t.Parallel()
	g := &store.Game{Lang: "fr", ID: "0a1b", Finished: time.Unix(1764000000, 0),
		Outcome: engine.Outcome{Result: engine.BlueWins, Reason: engine.Resignation}}
	g.Players[engine.Orange] = store.Player{ID: "1", Name: "ana"}
	if got, want := threadName(g), "Volo"+nbsp+": ana contre n’importe qui"; got != want {
		t.Errorf("thread name %q, want %q", got, want)
	}
	g.Players[engine.Blue] = store.Player{ID: "2", Name: "ben"}
	got := endLine(g)
	if want := "Orange (ana) contre Bleu (ben) · Bleu gagne" + nbsp + ": Orange a abandonné · terminée <t:1764000000:R> · partie `0a1b`"; got != want {
		t.Errorf("French end line %q, want %q", got, want)
	}
	g.Lang = "en"
	if got, want := endLine(g), "Orange (ana) vs Blue (ben) · Blue wins: Orange resigned · ended <t:1764000000:R> · game `0a1b`"; got != want {
		t.Errorf("English end line %q, want %q", got, want)
	}
}

func TestTakebacksInFrench(t *testing.T) {
	t.Parallel()
	g := &store.Game{Moves: []store.Move{{Notation: "f5"}, {Notation: "h7"}}}
	for _, tc := range []struct {
		tag  lang.Tag
		back int
		want string
	}{
		{lang.French, 2, "<@1> a repris f5 et mon coup h7"},
		{lang.French, 1, "<@1> a repris h7"},
		{lang.English, 2, "<@1> took back f5 and my h7"},
	} {
		if got := tookBack(tc.tag, g, "<@1>", tc.back); got != tc.want {
			t.Errorf("%v, %d back: %q, want %q", tc.tag, tc.back, got, tc.want)
		}
	}
}
