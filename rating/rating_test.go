package rating_test

import (
	"strings"
	"testing"

	"github.com/volo-discord/volo/rating"
)

func TestNew(t *testing.T) {
	want := rating.Rating{R: 1500, RD: 350, Sigma: 0.06}
	if got := rating.New(); got != want {
		t.Errorf("New() = %+v, want %+v", got, want)
	}
}

// TestString: whole points, half rounded away from zero, a question mark while provisional.
func TestString(t *testing.T) {
	tests := []struct {
		r           rating.Rating
		want        string
		provisional bool
	}{
		{rating.Rating{R: 1642, RD: 87}, "1642 ± 87", false},
		{rating.Rating{R: 1642.4, RD: 287.2}, "1642 ± 287?", true},
		{rating.New(), "1500 ± 350?", true},
		{rating.Rating{R: 1661.5, RD: 110}, "1662 ± 110", false},
		{rating.Rating{R: 1661.49, RD: 110.01}, "1661 ± 110?", true},
		{rating.Rating{R: 1337.69, RD: 290.32}, "1338 ± 290?", true},
		{rating.Rating{R: -0.4, RD: 45}, "0 ± 45", false},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.r, got, tt.want)
		}
		if got, want := tt.r.Figures(), strings.TrimSuffix(tt.want, "?"); got != want {
			t.Errorf("%+v.Figures() = %q, want %q", tt.r, got, want)
		}
		if got := tt.r.Provisional(); got != tt.provisional {
			t.Errorf("%+v.Provisional() = %v, want %v", tt.r, got, tt.provisional)
		}
	}
}
