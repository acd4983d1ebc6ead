package race_test

import (
	"testing"

	"github.com/volo-discord/volo/internal/race"
)

// The constant follows the build: `go test -race` runs this with Enabled
// true, and a plain `go test` with it false; both agree with the flag the
// test binary was built with, as testing reports it.
func TestEnabledFollowsTheBuild(t *testing.T) {
	if race.Enabled != raceBuilt() {
		t.Errorf("race.Enabled = %v in a binary built with -race=%v", race.Enabled, raceBuilt())
	}
}
