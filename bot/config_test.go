package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The example configuration at the repository's root must load and equal
// the defaults it documents.
func TestExampleConfigIsTheDefault(t *testing.T) {
	cfg, err := LoadConfig(filepath.Join("..", "config.example.yaml"), false)
	if err != nil {
		t.Fatal(err)
	}
	if cfg != DefaultConfig() {
		t.Errorf("config.example.yaml = %+v, defaults %+v", cfg, DefaultConfig())
	}
}

func TestConfigErrorsNameTheKey(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"database: ''", "database"},
		{"challenge_expiry: soon", "not a duration"},
		{"challenge_expiry: 10s", "challenge_expiry"},
		{"default_time_per_move: 30m", "default_time_per_move"},
		{"default_time_per_move: 15d", "default_time_per_move"},
		{"reminder_at: 1.5", "reminder_at"},
		{"render: {theme: pink}", "render.theme"},
		{"render: {size: 10}", "render.size"},
		{"log: {level: loud}", "log.level"},
		{"log: {format: xml}", "log.format"},
		{"colour: blue", "field colour not found"},
		{"database: [", "yaml"},
	} {
		path := filepath.Join(t.TempDir(), "config.yaml")
		if err := os.WriteFile(path, []byte(tc.yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := LoadConfig(path, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error naming %q", tc.yaml, err, tc.want)
		}
	}
}

func TestConfigFileOptional(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.yaml")
	if _, err := LoadConfig(missing, false); err == nil {
		t.Error("a missing file named on the command line must be an error")
	}
	cfg, err := LoadConfig(missing, true)
	if err != nil || cfg != DefaultConfig() {
		t.Errorf("a missing default file: %+v, %v", cfg, err)
	}
}

func TestParseDuration(t *testing.T) {
	for in, want := range map[string]time.Duration{"0": 0, "24h": 24 * time.Hour, "3d": 72 * time.Hour, "1d12h": 36 * time.Hour, "90m": 90 * time.Minute} {
		if got, err := ParseDuration(in); err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"soon", "-1h", "d", "3x"} {
		if _, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) accepted", in)
		}
	}
}
