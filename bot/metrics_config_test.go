package bot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/volo-discord/volo/bot"
)

// The metrics key is empty (no metrics) or a host:port to listen on, and
// a wrong one is refused at start with the key's name.
func TestMetricsKeyIsAnAddress(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{"", true},
		{"127.0.0.1:9090", true},
		{":9090", true},
		{"0.0.0.0:9090", true},
		{"localhost:9090", true},
		{"[::1]:9090", true},
		{"127.0.0.1:0", true},
		{"9090", false},
		{"127.0.0.1", false},
		{"127.0.0.1:http", false},
		{"127.0.0.1:70000", false},
		{"http://127.0.0.1:9090", false},
		{"127.0.0.1:9090/metrics", false},
		{"my host:9090", false},
	} {
		cfg := bot.DefaultConfig()
		cfg.Metrics = tc.addr
		err := cfg.Validate()
		if tc.ok != (err == nil) {
			t.Errorf("metrics: %q: %v", tc.addr, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "metrics: ") {
			t.Errorf("metrics: %q: the error %q does not name the key", tc.addr, err)
		}
	}
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("metrics: 127.0.0.1:9090\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if cfg, err := bot.LoadConfig(path, false); err != nil || cfg.Metrics != "127.0.0.1:9090" {
		t.Errorf("config with metrics: %+v, %v", cfg.Metrics, err)
	}
}
