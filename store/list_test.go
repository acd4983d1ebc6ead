package store

import (
	"reflect"
	"testing"
)

func TestListsFollowGuildsAndPlayers(t *testing.T) {
	s, _ := openTest(t)
	a := newGame("c1")
	b := newGame("c2")
	b.Players[1] = Player{ID: "300", Name: "cy"}
	c := newGame("c3")
	c.Guild, c.Status = "g2", Challenge
	c.Players[1] = Player{}
	self := newGame("c4")
	self.Guild, self.Players[1] = "", self.Players[0] // a DM game against oneself
	for _, g := range []*Game{a, b, c, self} {
		mustCreate(t, s, g)
	}
	b.Players[1] = Player{ID: "200", Name: "ben"} // cy hands over to ben
	if err := s.Update(b); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		list func(string) ([]*Game, error)
		of   string
		want []string
	}{
		{"guild g1", s.ListGuild, "g1", []string{"c1", "c2"}},
		{"guild g2", s.ListGuild, "g2", []string{"c3"}},
		{"no guild", s.ListGuild, "", nil},
		{"ana", s.ListUser, "100", []string{"c1", "c2", "c3", "c4"}},
		{"ben", s.ListUser, "200", []string{"c1", "c2"}},
		{"cy, who left", s.ListUser, "300", nil},
		{"the empty seat", s.ListUser, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := tt.list(tt.of)
			if err != nil {
				t.Fatal(err)
			}
			if got := channels(games); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
	mustCheck(t, s)
}
