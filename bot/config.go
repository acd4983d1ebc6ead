package bot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/volo-discord/volo/render"
	"github.com/volo-discord/volo/store"
)

// Config is the bot's configuration, read from config.yaml. Every key is
// documented in config.example.yaml at the repository's root.
type Config struct {
	// Database is where the games are kept: the path of a bbolt file (one
	// process), or a PostgreSQL URL, postgres://… (any number of
	// processes).
	Database string `yaml:"database"`
	// Replica names this process among those sharing a PostgreSQL
	// database, in its claims on deadlines and announcements; the host's
	// name when empty. Two processes running at once need two names.
	Replica string `yaml:"replica"`
	// DevelopmentGuild, when set, is the server the slash commands are
	// registered to (instantly) instead of globally (which takes Discord
	// up to an hour to roll out).
	DevelopmentGuild string `yaml:"development_guild"`
	// Shards is how many gateway connections (shards) the bot's servers
	// are split over: "auto" for the count Discord recommends, or a
	// number. ShardRange is those this process runs, such as "0-3"; all
	// of them when empty.
	Shards     string `yaml:"shards"`
	ShardRange string `yaml:"shard_range"`
	// ChallengeExpiry is how long a challenge waits for an answer.
	ChallengeExpiry Duration `yaml:"challenge_expiry"`
	// DefaultTimePerMove is the time per move of a challenge that does not
	// name one; zero means no limit.
	DefaultTimePerMove Duration `yaml:"default_time_per_move"`
	// AbandonAfter is how long a player of a game without a time limit
	// waits for their opponent before they may call it off themselves
	// with /volo abort, unrated; zero: never (a manager still can).
	AbandonAfter Duration `yaml:"abandon_after"`
	// ReminderAt is the share of the time per move left when the player to
	// move is reminded: 0.25 pings with a quarter of the time left; zero
	// sends no reminders. A reminder that leaves more than an hour is
	// followed by a second one with one hour left.
	ReminderAt float64 `yaml:"reminder_at"`
	// VacationDays is each player's vacation a calendar year (UTC), in
	// days: spent when their clock in a correspondence game would run out,
	// or taken by hand with /volo vacation; zero gives none.
	VacationDays int `yaml:"vacation_days"`
	// Render sets the board images.
	Render RenderConfig `yaml:"render"`
	// Puzzles sets the puzzles.
	Puzzles PuzzleConfig `yaml:"puzzles"`
	// Review sets /volo review.
	Review ReviewConfig `yaml:"review"`
	// Log sets the logs.
	Log LogConfig `yaml:"log"`
	// Backup sets the copies volobot makes of a bbolt database while it
	// runs.
	Backup BackupConfig `yaml:"backup"`
	// Metrics is the address (host:port) where volobot serves its
	// Prometheus metrics at /metrics, with /healthz and /readyz; empty
	// serves none.
	Metrics string `yaml:"metrics"`
	// Interactions is how Discord delivers interactions: "gateway" (the
	// default) or "http", posted to the endpoint the bot serves at Listen
	// (host:port) and verified with PublicKey, the application's public
	// key in hex. See httpinteractions.go.
	Interactions string `yaml:"interactions"`
	Listen       string `yaml:"listen"`
	PublicKey    string `yaml:"public_key"`
	// Activity sets the Activity: the board Discord opens inside a
	// conversation (package activity).
	Activity ActivityConfig `yaml:"activity"`
}

// ActivityConfig sets the Activity, the board Discord opens inside a
// conversation, where the players move by clicking (package activity,
// docs/activity.md). Its client secret comes from the environment
// (DISCORD_CLIENT_SECRET), never from this file.
type ActivityConfig struct {
	// Listen is where volobot serves the Activity's page and its API, as
	// host:port: the target of the URL mapping in Discord's developer
	// portal. Empty serves none: boards have no Play on the board button,
	// and no entry point command is registered.
	Listen string `yaml:"listen"`
	// Poll is how often the Activity looks in the database for changes
	// that another volobot process sharing it made (PostgreSQL), for the
	// boards open on this one; this process's own changes reach them at
	// once.
	Poll Duration `yaml:"poll"`
}

// On reports whether the Activity is served.
func (a ActivityConfig) On() bool { return a.Listen != "" }

// RenderConfig sets the board images.
type RenderConfig struct {
	Theme string `yaml:"theme"` // dark or light
	Size  int    `yaml:"size"`  // width in pixels
}

// PuzzleConfig sets the puzzles.
type PuzzleConfig struct {
	// DailyHour is the hour of the day, in UTC (0 to 23), at which a
	// server that chose a channel for it gets its puzzle of the day; -1
	// posts none.
	DailyHour int `yaml:"daily_hour"`
	// MaxDepth is the longest forced win, in moves, looked for in each
	// position of a finished game to make puzzles of it: 1 to 3. Each
	// step deeper costs dozens of times more (an 80-move game: 0.04 s of one
	// core at 2, about 3 s at 3).
	MaxDepth int `yaml:"max_depth"`
}

// ReviewConfig sets /volo review.
type ReviewConfig struct {
	// Playouts is the search's budget per position of the game reviewed:
	// 600 is the easy level's, about a quarter of a second of one core.
	Playouts int `yaml:"playouts"`
}

// BackupConfig sets the copies volobot makes of a bbolt database while it
// runs: one when it starts, then one every Every, into Dir, keeping the
// Keep latest. A PostgreSQL database is backed up by PostgreSQL's tools.
type BackupConfig struct {
	// Dir is the directory of the copies, created if need be; empty makes
	// none.
	Dir string `yaml:"dir"`
	// Every is the time between copies: 10m at the least.
	Every Duration `yaml:"every"`
	// Keep is how many of the latest copies stay: 1 to 1000.
	Keep int `yaml:"keep"`
}

// LogConfig sets the logs.
type LogConfig struct {
	Level  string `yaml:"level"`  // debug, info, warn or error
	Format string `yaml:"format"` // text or json
}

// Duration is a time.Duration read from YAML as "24h", "90m" or "3d"
// (days), or 0.
type Duration time.Duration

// UnmarshalYAML reads a duration such as "24h" or "7d".
func (d *Duration) UnmarshalYAML(node *yaml.Node) error {
	v, err := ParseDuration(node.Value)
	if err != nil {
		return fmt.Errorf("line %d: %w", node.Line, err)
	}
	*d = Duration(v)
	return nil
}

// ParseDuration reads a duration as Go writes them ("90m", "1h30m"), with
// days as "d" ("3d", "1d12h"); "0" is zero.
func ParseDuration(s string) (time.Duration, error) {
	in := strings.TrimSpace(s)
	if in == "0" || in == "" {
		return 0, nil
	}
	bad := fmt.Errorf("%q is not a duration like 24h, 90m or 3d", in)
	rest := in
	var days time.Duration
	if i := strings.IndexByte(rest, 'd'); i > 0 {
		n, err := time.ParseDuration(rest[:i] + "h") // days in hours: "1.5" too
		if err != nil || n < 0 || n > maxDays*time.Hour {
			return 0, bad
		}
		days, rest = n*24, rest[i+1:]
		if rest == "" {
			return days, nil
		}
	}
	v, err := time.ParseDuration(rest)
	if err != nil || v < 0 || v > time.Duration(1<<62) {
		return 0, bad
	}
	return days + v, nil
}

// maxDays bounds the days ParseDuration reads, far beyond any time per
// move and far below an overflow.
const maxDays = 10000

// The limits of the time per move.
const (
	MinTimePerMove = time.Hour
	MaxTimePerMove = 14 * 24 * time.Hour
)

// DefaultConfig returns the configuration used for keys a file leaves out.
func DefaultConfig() Config {
	return Config{
		Database:        "volo.db",
		ChallengeExpiry: Duration(24 * time.Hour),
		Shards:          ShardsAuto,
		ReminderAt:      0.25,
		VacationDays:    14,
		AbandonAfter:    Duration(14 * 24 * time.Hour),
		Render:          RenderConfig{Theme: "dark", Size: render.DefaultSize},
		Puzzles:         PuzzleConfig{DailyHour: 9, MaxDepth: 3},
		Review:          ReviewConfig{Playouts: 600},
		Log:             LogConfig{Level: "info", Format: "text"},
		Backup:          BackupConfig{Every: Duration(24 * time.Hour), Keep: 7},
		Interactions:    InteractionsGateway,
		Activity:        ActivityConfig{Poll: Duration(2 * time.Second)},
	}
}

// LoadConfig reads the configuration file at path over the defaults. A
// missing file is an error unless optional is true, when the defaults
// are used.
func LoadConfig(path string, optional bool) (Config, error) {
	cfg := DefaultConfig()
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && optional:
		return cfg, cfg.Validate()
	case err != nil:
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) {
		return Config{}, fmt.Errorf("config %s: %w", path, err)
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, fmt.Errorf("config %s: %w", path, err)
	}
	return cfg, nil
}

// Validate checks every setting and says which one is wrong.
func (c Config) Validate() error {
	if c.Database == "" {
		return errors.New("database: the path of the game database is empty")
	}
	if err := checkSnowflake(c.DevelopmentGuild); err != nil {
		return fmt.Errorf("development_guild: %w; leave it empty to register the commands globally", err)
	}
	if n, err := parseShardCount(c.Shards); err != nil {
		return fmt.Errorf("shards: %w", err)
	} else if n > 0 {
		if _, err := parseShardRange(c.ShardRange, n); err != nil {
			return fmt.Errorf("shard_range: %w", err)
		}
	}
	if c.ChallengeExpiry < Duration(time.Minute) {
		return fmt.Errorf("challenge_expiry: %v is too short; use at least 1m", time.Duration(c.ChallengeExpiry))
	}
	if t := time.Duration(c.DefaultTimePerMove); t != 0 && (t < MinTimePerMove || t > MaxTimePerMove) {
		return fmt.Errorf("default_time_per_move: %v is outside 1h to 14d (or 0 for no limit)", t)
	}
	if t := time.Duration(c.AbandonAfter); t != 0 && t < 24*time.Hour {
		return fmt.Errorf("abandon_after: %v is too short; use at least 1d (or 0 for never)", t)
	}
	if c.ReminderAt < 0 || c.ReminderAt >= 1 {
		return fmt.Errorf("reminder_at: %v is not a share of the time from 0 (no reminder) to below 1", c.ReminderAt)
	}
	if c.VacationDays < 0 || c.VacationDays > 365 {
		return fmt.Errorf("vacation_days: %d is not a number of days from 0 (no vacation) to 365", c.VacationDays)
	}
	if c.Puzzles.DailyHour < -1 || c.Puzzles.DailyHour > 23 {
		return fmt.Errorf("puzzles.daily_hour: %d is not an hour from 0 to 23 (or -1 for no daily puzzle)", c.Puzzles.DailyHour)
	}
	if c.Puzzles.MaxDepth < 1 || c.Puzzles.MaxDepth > 3 {
		return fmt.Errorf("puzzles.max_depth: %d is not 1, 2 or 3", c.Puzzles.MaxDepth)
	}
	if c.Review.Playouts < 50 || c.Review.Playouts > 100000 {
		return fmt.Errorf("review.playouts: %d is outside 50 to 100000", c.Review.Playouts)
	}
	if _, err := render.ParseTheme(c.Render.Theme); err != nil {
		return fmt.Errorf("render.theme: %w", err)
	}
	if c.Render.Size < render.MinSize || c.Render.Size > render.MaxSize {
		return fmt.Errorf("render.size: %d is outside %d to %d pixels", c.Render.Size, render.MinSize, render.MaxSize)
	}
	if err := c.Backup.check(c.Database); err != nil {
		return err
	}
	if err := checkAddress(c.Metrics); err != nil {
		return fmt.Errorf("metrics: %w (or leave it empty to serve no metrics)", err)
	}
	if err := c.checkInteractions(); err != nil {
		return err
	}
	if err := checkAddress(c.Activity.Listen); err != nil {
		return fmt.Errorf("activity.listen: %w (or leave it empty to serve no Activity)", err)
	}
	if p := time.Duration(c.Activity.Poll); p < 100*time.Millisecond || p > time.Minute {
		return fmt.Errorf("activity.poll: %v is outside 100ms to 1m", p)
	}
	if _, err := c.Log.level(); err != nil {
		return err
	}
	if f := c.Log.Format; f != "text" && f != "json" {
		return fmt.Errorf("log.format: %q is neither text nor json", f)
	}
	return nil
}

// check says what is wrong with the backups' settings for the database.
func (b BackupConfig) check(database string) error {
	switch {
	case b.Dir != "" && store.IsPostgresURL(database):
		return errors.New("backup.dir: a PostgreSQL database is backed up with its own tools (pg_dump); leave backup.dir empty")
	case b.Every < Duration(10*time.Minute):
		return fmt.Errorf("backup.every: %v is too short; use at least 10m", time.Duration(b.Every))
	case b.Keep < 1 || b.Keep > 1000:
		return fmt.Errorf("backup.keep: %d is not a number of copies from 1 to 1000", b.Keep)
	}
	return nil
}

// checkSnowflake accepts an empty ID or a Discord snowflake: 17 to 20
// decimal digits that fit in 64 bits. The development guild goes into a
// request path, so nothing else may pass.
func checkSnowflake(id string) error {
	if id == "" {
		return nil
	}
	digits := len(id) >= 17 && len(id) <= 20 && strings.Trim(id, "0123456789") == ""
	if _, err := strconv.ParseUint(id, 10, 64); !digits || err != nil {
		return fmt.Errorf("%q is not a server ID (17 to 20 digits, from Copy Server ID in Discord's Developer Mode)", shorten(id, 40))
	}
	return nil
}

// checkAddress accepts an empty address or a host:port to listen on: the
// host a name or an IP address, or empty for every interface; the port a
// number up to 65535 (0 picks a free one).
func checkAddress(addr string) error {
	if addr == "" {
		return nil
	}
	bad := fmt.Errorf("%q is not a host:port such as 127.0.0.1:9090 or :9090", shorten(addr, 60))
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return bad
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return bad
	}
	if host != "" && net.ParseIP(host) == nil && strings.ContainsAny(host, " /\\@?#%") {
		return bad
	}
	return nil
}

// shorten cuts s to at most n runes, marking the cut with an ellipsis,
// so that an error quoting a long value stays one readable line.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func (l LogConfig) level() (slog.Level, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(l.Level)); err != nil {
		return 0, fmt.Errorf("log.level: %q is not debug, info, warn or error", l.Level)
	}
	return lv, nil
}

// Logger returns the logger the configuration describes, writing to w,
// with interaction tokens blanked out of every line.
func (l LogConfig) Logger(w io.Writer) *slog.Logger {
	lv, _ := l.level()
	opts := &slog.HandlerOptions{Level: lv}
	if l.Format == "json" {
		return slog.New(redacting{slog.NewJSONHandler(w, opts)})
	}
	return slog.New(redacting{slog.NewTextHandler(w, opts)})
}
