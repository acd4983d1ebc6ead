package bot

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestLogsNeverShowInteractionTokens(t *testing.T) {
	t.Parallel()
	const token = "aW50ZXJhY3Rpb24a17f8a60d56c963796dea9bdfd3e5c4fea44d15f026c94ba2a1421c99505589f"
	callback := `Post "https://discord.com/api/v9/interactions/1574555299287662592/` + token + `/callback": EOF`
	webhook := "https://discord.com/api/v10/webhooks/1574555186360221696/" + token + "/messages/@original"
	for _, format := range []string{"text", "json"} {
		var out bytes.Buffer
		log := LogConfig{Level: "debug", Format: format}.Logger(&out)
		log.With("url", webhook).WithGroup("g").Warn("failed "+webhook, "err", errors.New(callback), "plain", callback)
		if strings.Contains(out.String(), token[:24]) {
			t.Errorf("%s log shows the token: %s", format, out.String())
		}
		if got := strings.Count(out.String(), "[token]"); got != 4 {
			t.Errorf("%s log: %d tokens blanked, want 4: %s", format, got, out.String())
		}
		if !strings.Contains(out.String(), "/interactions/1574555299287662592/[token]/callback") {
			t.Errorf("%s log lost the rest of the URL: %s", format, out.String())
		}
	}
}
