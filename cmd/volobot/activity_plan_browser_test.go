package main

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// planStep is the Activity's planning step (data-plan): off, theirs or reply.
func planStep(a *sandboxtest.Activity) string {
	return sandboxtest.Eval[string](a.Page, `(document.querySelector("iframe.activity-frame").contentDocument.querySelector("[data-phase]") || {dataset: {}}).dataset.plan || ""`)
}

// waitFor waits until cond holds, failing the test with what after pageStep.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(pageStep)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestPlanAReplyOnTheBoardInABrowser plans a reply by clicks in Chromium: in a correspondence
// game where ana is to move, ben clicks Plan a reply, ana's expected move d4, steps back with a
// Escape and chooses d4 again, then his reply j9 on the board after d4, and saves the
// plan; his board lists it, ana's and cleo's never show it. He plans c3 against a3 too, and
// cancels the first plan by its button; ana plays a3 by a click and every board shows c3
// played at once, as the channel does.
func TestPlanAReplyOnTheBoardInABrowser(t *testing.T) {
	skipWithoutBrowser(t)
	w := startActivityWorld(t)
	w.click("ben", w.do("ana", "/volo challenge opponent:@ben colour:orange time_per_move:24h"), "Accept")
	w.do("ana", "/volo move move:f5")
	w.do("ben", "/volo move move:h7")

	opts := sandboxtest.Options{Step: pageStep}
	ana := sandboxtest.OpenActivity(t, w.activityURL("ana"), opts)
	ben := sandboxtest.OpenActivity(t, w.activityURL("ben"), opts)
	cleo := sandboxtest.OpenActivity(t, w.activityURL("cleo"), opts)
	for _, a := range []*sandboxtest.Activity{ana, ben, cleo} {
		a.WaitPly(2)
	}
	if ana.HasButton("Plan a reply") || cleo.HasButton("Plan a reply") {
		t.Error("ana, to move, or cleo, watching, is offered Plan a reply")
	}

	ben.ClickButton("Plan a reply")
	waitFor(t, "ben's board to plan the opponent's move", func() bool { return planStep(ben) == "theirs" })
	ben.ClickPoint("d4")
	waitFor(t, "ben's board to plan his reply", func() bool { return planStep(ben) == "reply" })
	// Escape steps back to ana's move; d4 again goes on to the reply.
	if _, err := chromedp.Run(ben.Context(), chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "ben's board back at ana's move", func() bool { return planStep(ben) == "theirs" })
	ben.ClickPoint("d4")
	waitFor(t, "ben's board to plan his reply again", func() bool { return planStep(ben) == "reply" })
	ben.ClickPoint("j9")
	ben.ClickButton("Save the plan")
	waitFor(t, "ben's board to list his plan", func() bool {
		text := ben.Text()
		return strings.Contains(text, "Plan saved") && strings.Contains(text, "if d4, j9")
	})
	ben.Screenshot("ben-plans-1280")
	if planStep(ben) != "off" {
		t.Errorf("ben's board still plans after saving: %q", planStep(ben))
	}
	for name, a := range map[string]*sandboxtest.Activity{"ana": ana, "cleo": cleo} {
		if strings.Contains(a.Text(), "if d4") {
			t.Errorf("%s's board shows ben's plan", name)
		}
	}

	// A second plan, then the first cancelled by its button: the second stays.
	ben.ClickButton("Plan a reply")
	ben.ClickPoint("a3")
	waitFor(t, "ben's board to plan his reply to a3", func() bool { return planStep(ben) == "reply" })
	ben.ClickPoint("c3")
	ben.ClickButton("Save the plan")
	waitFor(t, "ben's board to list his second plan", func() bool { return strings.Contains(ben.Text(), "if a3, c3") })
	ben.ClickButton("Cancel") // the first plan's
	waitFor(t, "ben's board to drop the plan cancelled", func() bool {
		text := ben.Text()
		return strings.Contains(text, "Plan cancelled.") && !strings.Contains(text, "if d4, j9") && strings.Contains(text, "if a3, c3")
	})

	ana.ClickPoint("a3")
	for _, a := range []*sandboxtest.Activity{ana, ben, cleo} {
		a.WaitPly(4)
	}
	w.waitBoard(4)
	planned := false
	for _, m := range w.srv.Messages(w.channel) {
		if strings.Contains(m.Content, "c3, as planned · move 4") {
			planned = true
		}
	}
	if !planned {
		t.Error("the channel's board does not show c3 played as planned")
	}
	waitFor(t, "ben's board to drop the plan played", func() bool { return !strings.Contains(ben.Text(), "if a3, c3") })
	if len(w.srv.ValidationFailures()) > 0 {
		t.Errorf("requests that Discord's API would not take: %v", w.srv.ValidationFailures())
	}
}
