package bot

import (
	"crypto/ed25519"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The example configuration at the repository's root must load and equal
// the defaults it documents.
func TestExampleConfigIsTheDefault(t *testing.T) {
	t.Parallel()
	cfg, err := LoadConfig(filepath.Join("..", "config.example.yaml"), false)
	if err != nil {
		t.Fatal(err)
	}
	if cfg != DefaultConfig() {
		t.Errorf("config.example.yaml = %+v, defaults %+v", cfg, DefaultConfig())
	}
}

// loadYAML loads a configuration file that holds yaml.
func loadYAML(t *testing.T, yaml string) (Config, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	return LoadConfig(path, false)
}

func TestConfigErrorsNameTheKey(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ yaml, want string }{
		{"database: ''", "database"},
		{"challenge_expiry: soon", "not a duration"},
		{"challenge_expiry: 10s", "challenge_expiry"},
		{"default_time_per_move: 30m", "default_time_per_move"},
		{"default_time_per_move: 15d", "default_time_per_move"},
		{"reminder_at: 1.5", "reminder_at"},
		{"vacation_days: -1", "vacation_days"},
		{"vacation_days: 400", "vacation_days"},
		{"abandon_after: 12h", "abandon_after: 12h0m0s is too short"},
		{"render: {theme: pink}", "render.theme"},
		{"render: {size: 10}", "render.size"},
		{"log: {level: loud}", "log.level"},
		{"log: {format: xml}", "log.format"},
		{"colour: blue", "field colour not found"},
		{"database: [", "yaml"},
		{"development_guild: '../../users/@me/channels?x='", "development_guild"},
		{"development_guild: 12345", "development_guild"},
		{"backup: {dir: copies, every: 5m}", "backup.every"},
		{"backup: {dir: copies, keep: 0}", "backup.keep"},
		{"backup: {keep: 1001}", "backup.keep"},
		{"{database: 'postgres://volo@db/volo', backup: {dir: copies}}", "pg_dump"},
		{"activity: {listen: 'volo board'}", "activity.listen"},
		{"activity: {listen: ':8090', poll: 10ms}", "activity.poll"},
		{"activity: {client_secret: hunter2}", "field client_secret not found"},
	} {
		_, err := loadYAML(t, tc.yaml)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error naming %q", tc.yaml, err, tc.want)
		}
	}
}

// The development guild goes into a request path: only a snowflake, or
// nothing, passes, and a refusal quotes the value, cut short if long.
func TestDevelopmentGuildIsASnowflake(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("9", 100)
	for _, tc := range []struct {
		guild string
		want  string // in the error; empty when the value is accepted
	}{
		{"", ""},
		{"81384788765712384", ""},    // 17 digits, 2015
		{"1234567890123456789", ""},  // 19 digits
		{"18446744073709551615", ""}, // 20 digits, the largest uint64
		{"../../users/@me/channels?x=", `"../../users/@me/channels?x="`},
		{"8138478876571238", `"8138478876571238"`},           // 16 digits
		{"18446744073709551616", `"18446744073709551616"`},   // past uint64
		{"123456789012345678901", `"123456789012345678901"`}, // 21 digits
		{"+81384788765712384", `"+81384788765712384"`},       // a sign
		{" 81384788765712384", `" 81384788765712384"`},       // a space
		{"81384788765712384/x", `"81384788765712384/x"`},     // a path
		{"8138478876571238\u0661", "8138478876571238\u0661"}, // an Arabic-Indic digit
		{"８１３８４７８８７６５７１２３８４", "development_guild"},           // full-width digits
		{long, `"` + strings.Repeat("9", 39) + `…"`},
	} {
		cfg := DefaultConfig()
		cfg.DevelopmentGuild = tc.guild
		err := cfg.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v, want it accepted", tc.guild, err)
		case tc.want == "":
		case err == nil:
			t.Errorf("%q accepted, want an error", tc.guild)
		case !strings.HasPrefix(err.Error(), "development_guild: ") || !strings.Contains(err.Error(), tc.want):
			t.Errorf("%q: %v, want an error naming development_guild and %s", tc.guild, err, tc.want)
		}
	}
}

// A snowflake written without quotes in YAML is read as the same text.
func TestDevelopmentGuildUnquoted(t *testing.T) {
	t.Parallel()
	cfg, err := loadYAML(t, "development_guild: 18446744073709551615\n")
	if err != nil || cfg.DevelopmentGuild != "18446744073709551615" {
		t.Errorf("development_guild = %q, %v", cfg.DevelopmentGuild, err)
	}
}

// The metrics key is empty (no metrics) or a host:port to listen on, and
// a wrong one is refused at start with the key's name.
func TestMetricsKeyIsAnAddress(t *testing.T) {
	t.Parallel()
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
		cfg := DefaultConfig()
		cfg.Metrics = tc.addr
		err := cfg.Validate()
		if tc.ok != (err == nil) {
			t.Errorf("metrics: %q: %v", tc.addr, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "metrics: ") {
			t.Errorf("metrics: %q: the error %q does not name the key", tc.addr, err)
		}
	}
	if cfg, err := loadYAML(t, "metrics: 127.0.0.1:9090\n"); err != nil || cfg.Metrics != "127.0.0.1:9090" {
		t.Errorf("config with metrics: %+v, %v", cfg.Metrics, err)
	}
}

// The interactions, listen and public_key keys: http needs the other two,
// and a refusal names the key.
func TestInteractionsConfig(t *testing.T) {
	t.Parallel()
	key := strings.Repeat("ab", ed25519.PublicKeySize)
	for _, tc := range []struct {
		yaml string
		want string // in the error; empty when accepted
	}{
		{"interactions: gateway", ""},
		{"interactions: http\nlisten: 127.0.0.1:8090\npublic_key: " + key, ""},
		{"interactions: http\nlisten: ':8090'\npublic_key: " + strings.ToUpper(key), ""},
		{"interactions: websocket", "interactions: \"websocket\" is neither gateway nor http"},
		{"interactions: http\npublic_key: " + key, "listen: interactions: http needs the address"},
		{"interactions: http\nlisten: 127.0.0.1:8090", "public_key: interactions: http needs the application's public key"},
		{"interactions: http\nlisten: 127.0.0.1:8090\npublic_key: " + key[:60], "public_key: \"" + key[:60] + "\" is not a public key (64 hex digits"},
		{"interactions: http\nlisten: 127.0.0.1:8090\npublic_key: " + strings.Repeat("zz", 32), "public_key:"},
		{"interactions: http\nlisten: localhost\npublic_key: " + key, "listen: \"localhost\" is not a host:port"},
		{"listen: nowhere", "listen:"},
	} {
		_, err := loadYAML(t, tc.yaml)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%q: %v", tc.yaml, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%q: %v, want an error with %q", tc.yaml, err, tc.want)
		}
	}
	if got := DefaultConfig().Interactions; got != InteractionsGateway {
		t.Errorf("interactions by default: %q", got)
	}
}

func TestConfigFileOptional(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "none.yaml")
	if _, err := LoadConfig(missing, false); err == nil {
		t.Error("a missing file named on the command line must be an error")
	}
	cfg, err := LoadConfig(missing, true)
	if err != nil || cfg != DefaultConfig() {
		t.Errorf("a missing default file: %+v, %v", cfg, err)
	}
}

// FuzzParseDuration: whatever a player types as a time per move, a
// duration read is never negative, and one that Go writes reads back.
func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"0", "24h", "3d", "1d12h", "-1d", "1.5d", "999999999d", "1d-1h", "d", "90m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err != nil {
			return
		}
		if d < 0 {
			t.Fatalf("ParseDuration(%q) = %v, negative", s, d)
		}
		if back, err := ParseDuration(d.String()); err != nil || back != d {
			t.Fatalf("ParseDuration(%q) = %v, which reads back as %v, %v", s, d, back, err)
		}
	})
}

func TestParseDuration(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]time.Duration{"0": 0, "24h": 24 * time.Hour, "3d": 72 * time.Hour, "1d12h": 36 * time.Hour, "90m": 90 * time.Minute, " 1.5d ": 36 * time.Hour} {
		if got, err := ParseDuration(in); err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"soon", "-1h", "d", "3x", "-1d", "-0.5d", "1d-1h", "999999999d", "1dd", "1d 2h"} {
		if _, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) accepted", in)
		}
	}
}
