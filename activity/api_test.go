package activity

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// tsField is a field of an interface of the page's api.ts: its name and
// whether it is optional.
type tsField struct {
	name     string
	optional bool
}

// readPageAPI reads the interfaces and the string constants of the page's
// web/src/api.ts.
func readPageAPI(t *testing.T) (map[string][]tsField, map[string]string) {
	t.Helper()
	src, err := os.ReadFile("web/src/api.ts")
	if err != nil {
		t.Fatal(err)
	}
	interfaces := map[string][]tsField{}
	consts := map[string]string{}
	iface := regexp.MustCompile(`^export interface (\w+) \{$`)
	field := regexp.MustCompile(`^  (\w+)(\??): `)
	constant := regexp.MustCompile(`^export const (\w+) = "([^"]*)";$`)
	current := ""
	for _, line := range strings.Split(string(src), "\n") {
		switch m := iface.FindStringSubmatch(line); {
		case m != nil:
			current = m[1]
			interfaces[current] = []tsField{}
			continue
		case line == "}":
			current = ""
			continue
		}
		if m := field.FindStringSubmatch(line); m != nil && current != "" {
			interfaces[current] = append(interfaces[current], tsField{m[1], m[2] == "?"})
		}
		if m := constant.FindStringSubmatch(line); m != nil {
			consts[m[1]] = m[2]
		}
	}
	return interfaces, consts
}

// TestAPITypesMatchThePage checks that the page's types in web/src/api.ts
// name every field of the JSON api.go defines, and no other, each
// optional exactly where Go leaves it out when empty, and that the
// constants the page branches on have the server's values.
func TestAPITypesMatchThePage(t *testing.T) {
	interfaces, consts := readPageAPI(t)
	types := []any{Config{}, SessionRequest{}, Session{}, User{}, Problem{}, Sky{}, XY{}, SkyPoint{}, Label{},
		State{}, Viewer{}, Palette{}, BirdColours{}, Player{}, Bird{}, Marks{}, Arrow{}, Ending{}, Offer{}, Can{},
		Legal{}, Add{}, Source{}, Flight{}, RegionChoice{}, ActRequest{}, ActResult{}, Push{}, Hello{}, Line{},
		PlanRequest{}, Planning{}, Plan{}}
	for _, v := range types {
		rt := reflect.TypeOf(v)
		page, ok := interfaces[rt.Name()]
		if !ok {
			t.Errorf("api.ts has no interface %s", rt.Name())
			continue
		}
		var want []tsField
		for i := range rt.NumField() {
			tag := rt.Field(i).Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			want = append(want, tsField{name, strings.Contains(opts, "omitempty")})
		}
		if !slices.Equal(page, want) {
			t.Errorf("api.ts's %s has %v, api.go's %v", rt.Name(), page, want)
		}
		delete(interfaces, rt.Name())
	}
	for name := range interfaces {
		t.Errorf("api.ts has an interface %s that api.go does not", name)
	}
	goConsts := map[string]string{
		"CodeRefused": CodeRefused, "CodeSession": CodeSession, "CodeForbidden": CodeForbidden,
		"CodeBadRequest": CodeBadRequest, "CodeRateLimited": CodeRateLimited, "CodeDiscord": CodeDiscord, "CodeFailed": CodeFailed,
		"PhaseNone": PhaseNone, "PhaseChallenge": PhaseChallenge, "PhasePlaying": PhasePlaying, "PhaseOver": PhaseOver,
		"ActionMove": ActionMove, "ActionResign": ActionResign, "ActionOfferDraw": ActionOfferDraw,
		"ActionAcceptDraw": ActionAcceptDraw, "ActionDeclineDraw": ActionDeclineDraw, "ActionAskTakeback": ActionAskTakeback,
		"ActionAgreeTakeback": ActionAgreeTakeback, "ActionDeclineTakeback": ActionDeclineTakeback,
		"ActionPlan": ActionPlan, "ActionCancelPlan": ActionCancelPlan,
	}
	for name, v := range goConsts {
		if consts[name] != v {
			t.Errorf("api.ts's %s is %q, api.go's %q", name, consts[name], v)
		}
	}
}

// TestPageWordsAreAllSent checks that every word the page looks up by key
// in web/src is one words gives it, so none shows as its key.
func TestPageWordsAreAllSent(t *testing.T) {
	keys := map[string]bool{}
	for k := range words(0) {
		keys[k] = true
	}
	used := regexp.MustCompile(`\.t\(\s*"([a-z_]+)"`)
	entries, err := os.ReadDir("web/src")
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".ts") {
			continue
		}
		src, err := os.ReadFile("web/src/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range used.FindAllStringSubmatch(string(src), -1) {
			found++
			if !keys[m[1]] {
				t.Errorf("web/src/%s looks up the word %q, which the server does not send", e.Name(), m[1])
			}
		}
	}
	if found == 0 {
		t.Error("no word looked up in web/src: the test no longer sees how the page looks words up")
	}
}
