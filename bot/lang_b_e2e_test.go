package bot_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/fakediscord"
)

// French-speaking players challenge, decline, withdraw, take back, call
// off, draw, ask for a rematch, resign, change their settings and look
// at profiles and leaderboards: everything the bot says to them, buttons
// included, is French.
func TestFrenchChallengesEndingsAndSettings(t *testing.T) {
	t.Parallel()
	w := newFrenchWorld(t)
	says := func(msg *fakediscord.Message, want ...string) {
		t.Helper()
		for _, s := range want {
			if !strings.Contains(msg.Content, s) {
				t.Errorf("%q does not say %q", msg.Content, s)
			}
		}
	}
	buttons := func(msg *fakediscord.Message, want ...string) {
		t.Helper()
		if got := labels(t, msg); !slices.Equal(got, want) {
			t.Errorf("the buttons of %q: %q, want %q", msg.Content, got, want)
		}
	}
	says(w.do("ana", "/volo settings"), "**Vos réglages**", "• avis\u00a0: salon.")
	says(w.do("ana", "/volo settings notify:off theme:light"), "Je vous nomme", "thème clair")
	w.do("ana", "/volo settings thread:false")
	says(w.do("ana", "/volo challenge opponent:@ana"), "Vous ne pouvez pas vous défier vous-même.")
	says(w.do("ana", "/volo challenge opponent:@ben time_per_move:99x"), "«\u00a099x\u00a0» ne convient pas")

	// A challenge declined, one withdrawn.
	msg := w.do("ana", "/volo challenge opponent:@ben colour:orange time_per_move:36h")
	says(msg, "défie", "joue Orange, règles standard, 1 jour 12 heures par coup, partie classée.", "Le défi expire <t:")
	buttons(msg, "Accepter", "Refuser", "Retirer")
	says(w.clickAction("cleo", msg, "accept"), "Ce défi est pour")
	says(w.clickAction("ben", msg, "decline"), "a refusé le défi.")
	msg = w.do("ana", "/volo challenge opponent:@ben colour:orange")
	says(w.clickAction("ana", msg, "withdraw"), "a retiré son défi.")

	// An open challenge; takebacks refused and agreed; the game called off.
	msg = w.do("ana", "/volo challenge colour:orange")
	says(msg, "défie qui veut dans ce salon", "sans limite de temps")
	says(w.clickAction("ben", msg, "accept"), "a accepté le défi de")
	w.do("ana", "/volo move move:f5")
	ask := w.do("ana", "/volo takeback")
	says(ask, "demande à reprendre f5", "êtes-vous d’accord\u00a0?")
	buttons(ask, "D’accord", "Refuser")
	says(w.clickAction("ben", ask, "tbno"), "a refusé de reprendre f5. La partie continue\u00a0!")
	ask = w.do("ana", "/volo takeback")
	says(w.clickAction("ben", ask, "tbyes"), "est d’accord\u00a0:", "reprend f5")
	says(w.do("ana", "/volo abort"), "a annulé la partie")

	// A draw declined, then agreed; a rematch; a resignation.
	msg = w.do("ana", "/volo challenge opponent:@ben colour:orange")
	w.clickAction("ben", msg, "accept")
	offer := w.do("ana", "/volo draw")
	says(offer, "propose la nulle", "acceptez-vous\u00a0?")
	buttons(offer, "Accepter la nulle", "Refuser")
	says(w.clickAction("ben", offer, "drawno"), "a refusé la nulle.")
	offer = w.do("ana", "/volo draw")
	says(w.clickAction("ben", offer, "drawyes"), "a accepté la nulle proposée par")
	end := w.lastWithAction("rematch")
	says(&end, "a accepté la nulle proposée par", "Partie nulle")
	buttons(&end, "Revanche")
	rematch := w.clickAction("ben", &end, "rematch")
	says(rematch, "joue Orange, règles standard")
	w.clickAction("ana", rematch, "accept")
	confirm := w.do("ana", "/volo resign")
	says(confirm, "Voulez-vous vraiment abandonner\u00a0?")
	buttons(confirm, "Abandonner")
	says(w.clickAction("ana", confirm, "resign"), "Vous avez abandonné.")

	// A game in a thread of its own, named in French.
	msg = w.do("ana", "/volo challenge opponent:@ben colour:orange thread:true")
	threads := w.srv.Threads(w.channel)
	if len(threads) != 1 || threads[0].Name != "Volo\u00a0: ana contre ben" {
		t.Fatalf("the French game's thread: %v", threads)
	}
	says(msg, "La partie se jouera dans <#"+threads[0].ID+">.")
	w.clickAction("ana", msg, "withdraw")

	says(w.do("cleo", "/volo history game:zzz"), "Il n’y a pas de partie «\u00a0zzz\u00a0».")
	says(w.do("cleo", "/volo history"), "contre", "partie classée, 0 coup.")
	says(w.do("cleo", "/volo board"), "/volo historique donne son enregistrement.")
	says(w.do("cleo", "/volo games"), "Terminées récemment")
	says(w.do("ana", "/volo profile"), "**Cote\u00a0:**", "**Bilan\u00a0:**", "• Défaite contre ben")
	says(w.do("ben", "/volo profile user:@"+w.srv.Bot().Username), "**L’ordinateur** (moi)", "• **facile**\u00a0: pas encore de partie classée")
	says(w.do("ben", "/volo leaderboard"), "**Classement de Volo\u00a0: ce serveur**", "2 parties\u00a0: 1 gagnée, 0 perdue, 1 nulle")
	says(w.do("ben", "/volo leaderboard scope:global"), "tout le monde")
	says(w.do("ben", "/volo mygames"), "Vous n’avez aucune partie ni aucun défi")

	texts := w.textsSent()
	for _, s := range texts {
		if words := englishWords(s); len(words) > 0 {
			t.Errorf("English words %q in %q", words, s)
		}
	}
	t.Logf("%d texts", len(texts))
	w.noValidationFailures()
}

// labels returns the labels of a message's buttons.
func labels(t *testing.T, msg *fakediscord.Message) []string {
	t.Helper()
	var rows []component
	if err := json.Unmarshal(msg.Components, &rows); err != nil {
		t.Fatalf("components of %q: %v", msg.Content, err)
	}
	var out []string
	for _, row := range rows {
		for _, c := range row.Components {
			out = append(out, c.Label)
		}
	}
	return out
}

// lastWithAction returns the newest message of the channel with a button
// for action.
func (w *world) lastWithAction(action string) fakediscord.Message {
	w.t.Helper()
	ms := w.channelMessages()
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(string(ms[i].Components), "volo/"+action+"/") {
			return ms[i]
		}
	}
	w.t.Fatalf("no message with a %s button", action)
	return fakediscord.Message{}
}
