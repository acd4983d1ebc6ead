package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/volo-discord/volo/bot"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestTokenComesOnlyFromTheEnvironment(t *testing.T) {
	file := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(file, []byte("Bot file-token\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(t.TempDir(), "empty")
	os.WriteFile(empty, nil, 0o600)
	for _, tc := range []struct {
		vars          map[string]string
		token, source string
		wantErr       string
	}{
		{map[string]string{}, "", "", ""},
		{map[string]string{"DISCORD_TOKEN": " abc "}, "abc", "DISCORD_TOKEN", ""},
		{map[string]string{"DISCORD_TOKEN_FILE": file}, "file-token", "DISCORD_TOKEN_FILE", ""},
		{map[string]string{"DISCORD_TOKEN": "env", "DISCORD_TOKEN_FILE": file}, "env", "DISCORD_TOKEN", ""},
		{map[string]string{"DISCORD_TOKEN_FILE": empty}, "", "", "is empty"},
		{map[string]string{"DISCORD_TOKEN_FILE": "/nonexistent/token"}, "", "", "DISCORD_TOKEN_FILE"},
	} {
		token, source, err := readToken(env(tc.vars))
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%v: %v, want an error with %q", tc.vars, err, tc.wantErr)
			}
			continue
		}
		if err != nil || token != tc.token || source != tc.source {
			t.Errorf("%v: %q from %q, %v", tc.vars, token, source, err)
		}
	}
}

func TestStartupErrorsNameTheSetting(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("render:\n  theme: pink\n"), 0o600)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-config", filepath.Join(dir, "missing.yaml")}, "missing.yaml"},
		{[]string{"-config", bad}, "render.theme"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-frobnicate"}, "flag provided but not defined"},
	} {
		var stderr bytes.Buffer
		err := run(context.Background(), tc.args, env(map[string]string{"DISCORD_TOKEN": "secret-token"}), &bytes.Buffer{}, &stderr)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if !strings.Contains(msg+stderr.String(), tc.want) {
			t.Errorf("volobot %v: %v (stderr %q), want %q", tc.args, err, stderr.String(), tc.want)
		}
		if strings.Contains(msg+stderr.String(), "secret-token") {
			t.Errorf("volobot %v printed the token", tc.args)
		}
	}
}

func TestChaosFlag(t *testing.T) {
	token := map[string]string{"DISCORD_TOKEN": "secret-token"}
	for _, tc := range []struct {
		args    []string
		vars    map[string]string
		chaos   float64
		wantErr string
	}{
		{nil, nil, 0, ""},
		{[]string{"-chaos", "0.1"}, nil, 0.1, ""},
		{[]string{"-chaos", "1"}, nil, 1, ""},
		{[]string{"-chaos", "0"}, token, 0, ""},
		{[]string{"-sandbox", "-chaos", "0.5"}, token, 0.5, ""},
		{[]string{"-chaos", "1.5"}, nil, 0, "-chaos 1.5: give the share of requests to fail, from 0"},
		{[]string{"-chaos", "-0.1"}, nil, 0, "-chaos -0.1"},
		{[]string{"-chaos", "NaN"}, nil, 0, "-chaos NaN"},
		{[]string{"-chaos", "lots"}, nil, 0, "invalid value"},
		{[]string{"-chaos", "0.2"}, token, 0, "-chaos works only in the sandbox, and DISCORD_TOKEN is set: add -sandbox"},
		{[]string{"-chaos", "0.2", "-chaos-seed", "42"}, nil, 0.2, ""},
		{[]string{"-chaos-seed", "42"}, nil, 0, "-chaos-seed 42 seeds the sandbox's chaos: give -chaos RATE too"},
		{[]string{"-chaos", "0.2", "-chaos-seed", "-1"}, nil, 0, "invalid value"},
	} {
		var stderr bytes.Buffer
		s, err := parseSettings(tc.args, env(tc.vars), &stderr)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error()+stderr.String(), tc.wantErr) {
				t.Errorf("volobot %v: %v (stderr %q), want %q", tc.args, err, stderr.String(), tc.wantErr)
			}
			continue
		}
		if err != nil || s.chaos != tc.chaos {
			t.Errorf("volobot %v: chaos %v, %v; want %v", tc.args, s.chaos, err, tc.chaos)
		}
	}
}

// -chaos-seed seeds the sandbox's chaos, to replay a run; without it each
// run draws a seed of its own, never the same twice in a row, and never 0.
func TestChaosSeed(t *testing.T) {
	s, err := parseSettings([]string{"-chaos", "0.2", "-chaos-seed", "42"}, env(nil), io.Discard)
	if err != nil || chaosSeed(s) != 42 {
		t.Fatalf("-chaos-seed 42: seed %d, %v", chaosSeed(s), err)
	}
	s, err = parseSettings([]string{"-chaos", "0.2"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := chaosSeed(s), chaosSeed(s); a == 0 || b == 0 || a == b {
		t.Errorf("two runs without -chaos-seed drew the seeds %d and %d", a, b)
	}
}

// The usage text names every flag.
func TestUsageNamesTheFlags(t *testing.T) {
	var stderr bytes.Buffer
	if err := run(context.Background(), []string{"-h"}, env(nil), &bytes.Buffer{}, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"-config", "-sandbox", "-listen", "-chaos", "-chaos-seed"} {
		if !strings.Contains(stderr.String(), flag) {
			t.Errorf("the usage does not name %s:\n%s", flag, &stderr)
		}
	}
}

func TestShardFlags(t *testing.T) {
	for _, tc := range []struct {
		args        []string
		shards, rng string
		wantErr     string
	}{
		{nil, "auto", "", ""},
		{[]string{"-shards", "0-3", "-shard-count", "16"}, "16", "0-3", ""},
		{[]string{"-shard-count", "4"}, "4", "", ""},
		{[]string{"-shards", "4-7", "-shard-count", "4"}, "", "", "shard 7 is past the bot's 4 shards"},
		{[]string{"-shard-count", "none"}, "", "", "is not auto or a count"},
	} {
		s, err := parseSettings(tc.args, env(map[string]string{"DISCORD_TOKEN": "t"}), &bytes.Buffer{})
		if err != nil {
			t.Fatalf("volobot %v: %v", tc.args, err)
		}
		cfg, err := s.withShards(bot.DefaultConfig())
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("volobot %v: %v, want %q", tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil || cfg.Shards != tc.shards || cfg.ShardRange != tc.rng {
			t.Errorf("volobot %v: shards %q range %q, %v; want %q %q", tc.args, cfg.Shards, cfg.ShardRange, err, tc.shards, tc.rng)
		}
	}
}
