package fakediscord

import (
	"encoding/json"
	"fmt"
	"slices"
)

// ComponentClick is a user using a message component: clicking a button, or choosing Values
// in a select menu.
type ComponentClick struct {
	MessageID string
	// User clicks: an ID, a username or a mention.
	User     string
	CustomID string
	Values   []string
	// Forged sends CustomID as a button click whether or not the message has such a component,
	// as a tampered client or a replayed request would: for testing that a bot refuses what it
	// never offered.
	Forged bool
}

// ClickComponent has a user click a button or pick from a select menu on a message they see,
// and dispatches the type 3 interaction with the message attached. Its
// authorizing_integration_owners are those of the interaction that made the message, or the
// guild install for a message the bot posted on its own: anyone who sees an answer given through
// a user install may use its components.
func (s *Server) ClickComponent(click ComponentClick) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, m := s.findMessage(click.MessageID)
	if m == nil {
		return nil, ErrUnknownMessage
	}
	inv, err := s.invokerIn(c.ID, click.User)
	if err != nil {
		return nil, err
	}
	if !m.VisibleToUser(inv.user.ID) {
		return nil, ErrUnknownMessage
	}
	if err := closedTo(c, inv.perms); err != nil {
		return nil, err
	}
	comp, ok := findComponent(m.Components, click.CustomID)
	if click.Forged {
		comp, ok = map[string]any{"type": float64(2), "custom_id": click.CustomID}, true
	}
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownComponent, click.CustomID)
	}
	if disabled, _ := comp["disabled"].(bool); disabled {
		return nil, fmt.Errorf("%w: %q", ErrComponentDisabled, click.CustomID)
	}
	ctype, _ := comp["type"].(float64)
	data := map[string]any{"custom_id": click.CustomID, "component_type": int(ctype)}
	if ctype != 2 {
		if err := checkSelect(comp, click.Values); err != nil {
			return nil, err
		}
		data["values"] = append([]string{}, click.Values...)
	}
	inv.owners = s.componentOwners(m, inv)
	st, err := s.newInteraction(InteractionMessageComponent, inv, data, m.ID)
	if err != nil {
		return nil, err
	}
	h := st.Interaction
	return &h, nil
}

// checkSelect checks the values picked in a string select menu, the only kind the bot sends:
// between min_values and max_values (1 and 1 by default), each among its options.
func checkSelect(comp map[string]any, values []string) error {
	lo, hi := 1, 1
	if v, ok := comp["min_values"].(float64); ok {
		lo = int(v)
	}
	if v, ok := comp["max_values"].(float64); ok {
		hi = int(v)
	}
	if len(values) < lo || len(values) > hi {
		return fmt.Errorf("%w: pick between %d and %d values", ErrInvalidOptionValue, lo, hi)
	}
	opts, _ := comp["options"].([]any)
	for _, v := range values {
		if !slices.ContainsFunc(opts, func(o any) bool { om, _ := o.(map[string]any); return om["value"] == v }) {
			return fmt.Errorf("%w: %q is not an option of the menu", ErrInvalidOptionValue, v)
		}
	}
	return nil
}

// findComponent finds an interactive component by custom_id in a message's action rows.
func findComponent(raw json.RawMessage, customID string) (map[string]any, bool) {
	var rows []struct {
		Components []map[string]any `json:"components"`
	}
	_ = json.Unmarshal(raw, &rows)
	for _, row := range rows {
		for _, c := range row.Components {
			if id, _ := c["custom_id"].(string); id == customID {
				return c, true
			}
		}
	}
	return nil, false
}
