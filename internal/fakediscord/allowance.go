package fakediscord

import (
	"encoding/json"
	"slices"
	"strconv"
)

// Allowance is a documented, narrow exception to the OpenAPI description: a place where
// discordgo v0.29.0 sends what Discord's documentation and API accept but the description's
// schema does not. It rewrites only the offending value, in the listed operations, before
// validation; everything else is still checked.
type Allowance struct {
	Name string
	// Operations are the operations it applies to, such as
	// "PUT /applications/{application_id}/commands".
	Operations []string
	// Reason says why the body is right and the description is not.
	Reason string
	// apply rewrites the decoded body in place and reports whether it changed anything.
	apply func(body any) bool
}

// applies reports whether the allowance covers an operation.
func (a Allowance) applies(op string) bool { return slices.Contains(a.Operations, op) }

// Allowances lists the exceptions the Validator makes for discordgo v0.29.0.
func Allowances() []Allowance {
	return []Allowance{{
		Name: "default_member_permissions as a string",
		Operations: []string{
			"PUT /applications/{application_id}/commands",
			"PUT /applications/{application_id}/guilds/{guild_id}/commands",
		},
		Reason: "discordgo encodes ApplicationCommand.DefaultMemberPermissions with `json:\",string\"`, " +
			"as Discord's documentation types the field (a permission bit set \"?string\") and Discord " +
			"accepts; the OpenAPI description types it integer. A string of decimal digits is " +
			"checked as the integer it spells, within the description's bounds.",
		apply: func(body any) bool {
			changed := false
			for _, cmd := range asSlice(body) {
				m, ok := cmd.(map[string]any)
				if !ok {
					continue
				}
				s, ok := m["default_member_permissions"].(string)
				if !ok {
					continue
				}
				if _, err := strconv.ParseUint(s, 10, 64); err == nil {
					m["default_member_permissions"] = json.Number(s)
					changed = true
				}
			}
			return changed
		},
	}}
}

// asSlice returns a decoded JSON array's elements, or nothing.
func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
