package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Errors for modal submissions that Discord's client would not send.
var (
	ErrNoModal         = errors.New("fakediscord: the interaction was not answered with a modal")
	ErrModalIncomplete = errors.New("fakediscord: modal form incomplete")
)

// ModalSubmit is a user submitting the form a bot showed in answer to an interaction.
type ModalSubmit struct {
	// InteractionID is the interaction the bot answered with the modal.
	InteractionID string
	// Values maps each text input's custom_id to what the user typed.
	Values map[string]string
}

// SubmitModal has the user submit the modal the bot answered an interaction with, and
// dispatches the type 5 interaction with the typed values in the form's layout.
func (s *Server) SubmitModal(sub ModalSubmit) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	orig, ok := s.interactions[sub.InteractionID]
	if !ok || orig.modal == nil {
		return nil, ErrNoModal
	}
	inv, err := s.invokerIn(orig.ChannelID, orig.User.ID)
	if err != nil {
		return nil, err
	}
	comps, err := modalAnswers(orig.modal.Components, sub.Values)
	if err != nil {
		return nil, err
	}
	data := map[string]any{"custom_id": orig.modal.CustomID, "components": comps}
	inv.owners = orig.owners
	st, err := s.newInteraction(InteractionModalSubmit, inv, data, orig.source)
	if err != nil {
		return nil, err
	}
	h := st.Interaction
	return &h, nil
}

// modalAnswers lays the typed values out as Discord sends a modal submission: each action row
// (or label) with its text input's custom_id and value. Required inputs (the default) must be
// filled, and every value must belong to an input.
func modalAnswers(raw json.RawMessage, values map[string]string) ([]any, error) {
	var layout []map[string]any
	if err := json.Unmarshal(raw, &layout); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrModalIncomplete, err)
	}
	used := 0
	answer := func(input map[string]any) (map[string]any, error) {
		id, _ := input["custom_id"].(string)
		v, given := values[id]
		if required, ok := input["required"].(bool); (!ok || required) && v == "" {
			return nil, fmt.Errorf("%w: %q is required", ErrModalIncomplete, id)
		}
		if given {
			used++
		}
		return map[string]any{"type": input["type"], "custom_id": id, "value": v}, nil
	}
	out := make([]any, 0, len(layout))
	for _, item := range layout {
		switch item["type"] {
		case 1.0:
			inputs, _ := item["components"].([]any)
			row := make([]any, 0, len(inputs))
			for _, in := range inputs {
				inMap, _ := in.(map[string]any)
				a, err := answer(inMap)
				if err != nil {
					return nil, err
				}
				row = append(row, a)
			}
			out = append(out, map[string]any{"type": 1, "components": row})
		case 18.0:
			inMap, _ := item["component"].(map[string]any)
			a, err := answer(inMap)
			if err != nil {
				return nil, err
			}
			out = append(out, map[string]any{"type": 18, "component": a})
		}
	}
	if used != len(values) {
		return nil, fmt.Errorf("%w: a value was given for an input the modal does not have", ErrModalIncomplete)
	}
	return out, nil
}
