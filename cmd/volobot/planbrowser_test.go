package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/volo-discord/volo/internal/sandbox/sandboxtest"
)

// TestPlanAReplyInABrowser plans a reply as a person would in the
// sandbox's page in Chromium: ben, waiting in a correspondence game,
// clicks the board's Make a move, Plan a reply, picks the move he expects
// from ana and his answer, and confirms; ana's page shows nothing of it;
// when ana plays into it, one board shows both moves. It counts the
// clicks the plan takes.
func TestPlanAReplyInABrowser(t *testing.T) {
	dir := os.Getenv("VOLO_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	_, p := browseSandbox(t, dir)
	p.Run("/volo challenge opponent:@ben colour:orange time_per_move:24h")
	p.WaitForText("1d per move")
	p.SelectUser("ben")
	p.ClickButton("Accept")
	p.WaitForText("The game begins")
	p.SelectUser("ana")
	p.Run("/volo move move:f5")
	p.WaitForText("f5 · move 1")
	p.SelectUser("ben")
	p.Run("/volo move move:h7")
	p.WaitForText("h7 · move 2")

	clicks := 0
	click := func(label string) {
		t.Helper()
		p.ClickButton(label)
		clicks++
	}
	choose := func(option string) {
		t.Helper()
		p.Choose(option)
		clicks++
	}
	// pick chooses a point to add a bird on, through the menus the
	// picker shows for it.
	pick := func(point string) {
		t.Helper()
		for _, step := range []string{"Add a bird", "Row " + point[:1]} {
			if hasMenuOption(p, step) {
				choose(step)
			}
		}
		choose(point)
	}
	click("Make a move")
	p.WaitForText("You can plan your reply")
	click("Plan a reply")
	p.WaitForText("step 1: the move you expect from ana")
	pick("d4")
	click("Confirm d4")
	p.WaitForText("step 2: your reply if ana plays d4")
	pick("j9")
	p.Screenshot("plan-a-reply")
	click("Confirm j9")
	p.WaitForText("if ana plays d4, I play j9 for you")
	saved := p.LastMessage()
	if !saved.Ephemeral {
		t.Errorf("the plan's confirmation shows %+v, want it for ben alone", saved)
	}
	t.Logf("a plan by the picker: %d clicks", clicks)
	p.Screenshot("plan-saved")

	p.SelectUser("ana")
	for _, m := range p.Messages() {
		if strings.Contains(m.Text, "j9") {
			t.Errorf("ana's page shows ben's plan: %+v", m)
		}
	}
	p.Run("/volo move move:d4")
	p.WaitForText("j9, as planned · move 4")
	if m := p.LastMessage(); m.Images != 1 {
		t.Errorf("the board of the move and its planned reply shows %d images, want 1", m.Images)
	}
	p.Screenshot("plan-played")
}

// hasMenuOption reports whether one of the page's enabled menus offers an
// option whose label is option.
func hasMenuOption(p *sandboxtest.Page, option string) bool {
	return sandboxtest.Eval[bool](p, fmt.Sprintf(`[...document.querySelectorAll("#message-list select.select")].some(s => !s.disabled &&
		[...s.options].some(o => o.value !== "" && o.textContent.split(" — ")[0].trim() === %q))`, option))
}
