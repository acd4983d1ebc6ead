package bot

import (
	"testing"

	"github.com/volo-discord/volo/engine"
	"github.com/volo-discord/volo/engine/enginetest"
	"github.com/volo-discord/volo/internal/lang"
)

// The picker names a flight's direction in words in French, and keeps
// the notation's letters in English; the notation itself never changes.
func TestFlightLandingInWords(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		tag        lang.Tag
		move, want string
	}{
		{lang.English, "l2-SE3", "SE 3, to i5"},
		{lang.French, "l2-SE3", "3 pas vers le sud-est, jusqu’en i5"},
		{lang.French, "c3:c5-NE2", "2 pas vers le nord-est, jusqu’en e5–e7"},
		{lang.French, "f5-W1", "1 pas vers l’ouest, jusqu’en f4"},
		{lang.French, "f5-NW1", "1 pas vers le nord-ouest, jusqu’en g5"},
	} {
		m := enginetest.Move(t, tc.move)
		pk := newPicker(engine.StartPosition(), engine.Standard, tc.tag)
		if got := pk.landing(m); got != tc.want {
			t.Errorf("%s in %s: %q, want %q", tc.move, tc.tag, got, tc.want)
		}
		if got := m.String(); got != tc.move {
			t.Errorf("the notation of %s reads %q", tc.move, got)
		}
	}
}
