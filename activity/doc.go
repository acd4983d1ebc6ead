// Package activity serves Volo's Activity: the board that Discord opens
// inside a conversation, where the players click the sky to move and
// anyone there watches the game live.
package activity
