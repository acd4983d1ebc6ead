package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// An application whose Activities are enabled in the developer portal has
// one entry point command, global, which Discord creates ("Launch",
// handled by Discord itself) when they are turned on; and Discord refuses
// a bulk overwrite of the global commands that leaves it out (400, code
// 50240), which would leave /volo as it was. So every overwrite of the
// global commands carries the entry point command Discord has: as the
// bot's own (handled by the bot, which answers it with LAUNCH_ACTIVITY)
// where the bot serves the Activity, else unchanged. Registered in a
// development guild, /volo goes to the guild and the entry point, which
// can only be global, is set on its own where the bot serves the
// Activity. See docs/activity.md.

// entryPointHandler is the entry point command handler APP_HANDLER (1):
// the interaction comes to the bot, which answers it. Discord's
// "Application Commands", Entry Point Command Handler Types.
const entryPointHandler = 1

// entryPointCommand is an entry point command as Discord keeps it:
// discordgo v0.29's ApplicationCommand has no handler field.
type entryPointCommand struct {
	ID                       string                                  `json:"id,omitempty"`
	Type                     discordgo.ApplicationCommandType        `json:"type,omitempty"`
	Name                     string                                  `json:"name"`
	NameLocalizations        map[discordgo.Locale]string             `json:"name_localizations,omitempty"`
	Description              string                                  `json:"description"`
	DescriptionLocalizations map[discordgo.Locale]string             `json:"description_localizations,omitempty"`
	Handler                  int                                     `json:"handler,omitempty"`
	IntegrationTypes         *[]discordgo.ApplicationIntegrationType `json:"integration_types,omitempty"`
	Contexts                 *[]discordgo.InteractionContextType     `json:"contexts,omitempty"`
}

// entryPointName is the entry point command's name where the application
// has none yet.
const entryPointName = "launch"

// ownEntryPoint makes ep (Discord's, or nil for none) the bot's: handled
// by the bot, described in English and French, offered where /volo is.
func ownEntryPoint(ep *entryPointCommand) *entryPointCommand {
	own := &entryPointCommand{Type: primaryEntryPoint, Name: entryPointName}
	if ep != nil {
		own.ID, own.Name, own.NameLocalizations = ep.ID, ep.Name, ep.NameLocalizations
	}
	own.Handler = entryPointHandler
	own.Description = "Play Volo on the board: click the birds to move"
	own.DescriptionLocalizations = map[discordgo.Locale]string{discordgo.French: "Jouer à Volo sur le plateau : cliquez sur les oiseaux pour jouer"}
	volo := Commands()[0]
	own.IntegrationTypes, own.Contexts = volo.IntegrationTypes, volo.Contexts
	return own
}

// globalEntryPoint returns the application's entry point command as
// Discord has it, or nil when it has none.
func (b *Bot) globalEntryPoint(ctx context.Context, appID string) (*entryPointCommand, error) {
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	body, err := b.session.RequestWithBucketID("GET", endpoint+"?with_localizations=true", nil, "GET "+endpoint, discordgo.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	var cmds []entryPointCommand
	if err := json.Unmarshal(body, &cmds); err != nil {
		return nil, fmt.Errorf("read the global commands: %w", err)
	}
	for i := range cmds {
		if cmds[i].Type == primaryEntryPoint {
			return &cmds[i], nil
		}
	}
	return nil, nil
}

// overwriteCommands puts /volo in place, in guild or globally, keeping
// the entry point command in every overwrite of the global commands: the
// bot's own where it serves the Activity.
func (b *Bot) overwriteCommands(ctx context.Context, appID, guild string) error {
	if guild != "" {
		if _, err := b.session.ApplicationCommandBulkOverwrite(appID, guild, commandsFor(guild), discordgo.WithContext(ctx)); err != nil {
			return err
		}
		if !b.cfg.Activity.On() {
			return nil
		}
		return b.setEntryPoint(ctx, appID)
	}
	ep, err := b.globalEntryPoint(ctx, appID)
	if err != nil {
		return err
	}
	body := []any{}
	for _, c := range commandsFor("") {
		body = append(body, c)
	}
	switch {
	case b.cfg.Activity.On():
		body = append(body, ownEntryPoint(ep))
	case ep != nil:
		body = append(body, ep)
	}
	endpoint := discordgo.EndpointApplicationGlobalCommands(appID)
	_, err = b.session.RequestWithBucketID("PUT", endpoint, body, endpoint, discordgo.WithContext(ctx))
	return err
}

// setEntryPoint makes the application's entry point command the bot's,
// alone, leaving the other global commands as they are: edited where it
// exists, created where it does not.
func (b *Bot) setEntryPoint(ctx context.Context, appID string) error {
	ep, err := b.globalEntryPoint(ctx, appID)
	if err != nil {
		return err
	}
	own := ownEntryPoint(ep)
	all := discordgo.EndpointApplicationGlobalCommands(appID)
	if ep == nil {
		_, err = b.session.RequestWithBucketID("POST", all, own, all, discordgo.WithContext(ctx))
		return err
	}
	// An edit names no type and no ID: Discord's "Edit Global Application
	// Command" takes neither.
	own.ID, own.Type = "", 0
	_, err = b.session.RequestWithBucketID("PATCH", discordgo.EndpointApplicationGlobalCommand(appID, ep.ID), own, all, discordgo.WithContext(ctx))
	return err
}
