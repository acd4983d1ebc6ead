package bot

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// The invite URL in the README asks for exactly the permissions the bot
// needs: Send Messages, Send Messages in Threads, Attach Files, Embed Links
// and Use Application Commands.
func TestReadmeInvitePermissions(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := int64(discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads |
		discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks | discordgo.PermissionUseApplicationCommands)
	if !strings.Contains(string(readme), "permissions="+strconv.FormatInt(want, 10)) {
		t.Errorf("README's invite URL should carry permissions=%d", want)
	}
}
