package fakediscord

import "errors"

// Errors returned when a name or ID does not lead anywhere.
var (
	ErrUnknownUser    = errors.New("fakediscord: unknown user")
	ErrUnknownGuild   = errors.New("fakediscord: unknown guild")
	ErrUnknownChannel = errors.New("fakediscord: unknown channel")
	ErrUnknownRole    = errors.New("fakediscord: unknown role")
	ErrUnknownMember  = errors.New("fakediscord: not a member of the guild")
	ErrUnknownMessage = errors.New("fakediscord: unknown message")
	ErrDuplicate      = errors.New("fakediscord: name already taken")
)

// Errors for invocations that Discord's client would not let through.
var (
	ErrUnknownCommand     = errors.New("fakediscord: no such command registered")
	ErrCommandNotAllowed  = errors.New("fakediscord: command not available to this user here")
	ErrUnknownOption      = errors.New("fakediscord: no such option")
	ErrMissingOption      = errors.New("fakediscord: missing required option")
	ErrInvalidOptionValue = errors.New("fakediscord: invalid option value")
)

// Errors for component clicks that Discord's client would not send.
var (
	ErrUnknownComponent  = errors.New("fakediscord: no component with that custom_id on the message")
	ErrComponentDisabled = errors.New("fakediscord: component is disabled")
)

// Errors for threads Discord closes to people.
var (
	// ErrThreadArchived is returned for an application command or a click in an archived thread.
	ErrThreadArchived = errors.New("fakediscord: the thread is archived: no command or click there until a message unarchives it")
	// ErrThreadLocked is returned for a message, a command or a click in a locked thread from one
	// who may not manage threads.
	ErrThreadLocked = errors.New("fakediscord: the thread is locked")
	errNotThread    = errors.New("fakediscord: not a thread")
)

// Errors about installing the app.
var (
	// ErrNotUserInstallable is returned by InstallForUser when Options.IntegrationTypes leave out
	// UserInstall, as Discord offers no user install of an app configured for servers only.
	ErrNotUserInstallable = errors.New("fakediscord: the application cannot be installed to a user account")
	errBotInstall         = errors.New("fakediscord: the bot cannot install its own application")
)

// Errors for private channels that Discord would not have.
var (
	errBotRecipient = errors.New("fakediscord: the bot is in no group DM and no DM but its own")
	errGroupSize    = errors.New("fakediscord: a group DM holds 1 to 10 people")
	errNamedTwice   = errors.New("fakediscord: a person is named twice; a private channel holds each once")
)
