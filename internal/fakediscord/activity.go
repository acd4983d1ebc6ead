package fakediscord

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Activities, as Discord's documentation describes them: an application with Activities
// enabled (EnableActivities) has the EMBEDDED flag and an entry point command (entrypoint.go);
// a user launches its Activity in a channel (LaunchActivity: the LAUNCH_ACTIVITY callback, the
// entry point, or the sandbox's page), which starts the channel's instance or joins the one
// running there; the bot reads an instance with GET
// /applications/{application_id}/activity-instances/{instance_id}; the instance ends when its
// last user leaves (LeaveActivity), and its ID is never used again.
//
// Sources (discord/discord-api-docs): "Activity Instance Management" and "Semantics of
// instanceId" in docs/activities/development-guides/multiplayer-experience.mdx ("Any users
// joining the same application will receive the same instanceId. When all the users of an
// application in a channel leave or close the application, that instance has finished its
// lifecycle, and will not be used again"); "Get Application Activity Instance", "Activity
// Instance Object" and "Activity Location Object" in docs/resources/application.mdx.

// FlagEmbedded is the application flag EMBEDDED (1 << 17): the application has an Activity.
// docs/resources/application.mdx, Application Flags.
const FlagEmbedded = 1 << 17

// The kinds of an Activity's location. docs/resources/application.mdx, Activity Location Kind
// Enum.
const (
	LocationGuildChannel   = "gc" // a guild's channel
	LocationPrivateChannel = "pc" // a DM or group DM
)

// ActivityInstance is a running instance of the application's Activity, as GET
// /applications/{application_id}/activity-instances/{instance_id} returns it.
type ActivityInstance struct {
	ApplicationID string           `json:"application_id"`
	InstanceID    string           `json:"instance_id"`
	LaunchID      string           `json:"launch_id"`
	Location      ActivityLocation `json:"location"`
	// Users are the IDs of the users connected to the instance now.
	Users []string `json:"users"`
}

// ActivityLocation is where an instance runs.
type ActivityLocation struct {
	ID        string `json:"id"`
	Kind      string `json:"kind"`
	ChannelID string `json:"channel_id"`
	GuildID   string `json:"guild_id,omitempty"`
}

// The errors of LaunchActivity and LeaveActivity.
var (
	ErrActivitiesOff    = errors.New("fakediscord: the application has no Activity (EnableActivities)")
	ErrUnknownInstance  = errors.New("fakediscord: no such Activity instance")
	ErrNotInTheInstance = errors.New("fakediscord: the user is not in the Activity instance")
)

// EnableActivities turns on the application's Activity, as its developer portal's switch
// does: the application gains the EMBEDDED flag and, unless it has one, the default entry
// point command, "Launch", which Discord itself handles (DISCORD_LAUNCH_ACTIVITY). From then
// on the bot may answer interactions with LAUNCH_ACTIVITY, and a bulk overwrite of the global
// commands must keep the entry point command.
func (s *Server) EnableActivities() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.app.Flags&FlagEmbedded != 0 {
		return
	}
	s.app.Flags |= FlagEmbedded
	if _, ok := s.entryPoint(); !ok {
		handler := HandlerDiscordLaunchActivity
		s.commands[""] = append(s.commands[""], Command{
			ID: s.newID(), Type: CommandPrimaryEntryPoint, ApplicationID: s.app.ID, Name: "Launch",
			Description: "Launch " + s.app.Name, Handler: &handler,
			IntegrationTypes: slices.Clone(s.opts.IntegrationTypes), Contexts: slices.Clone(allContexts),
			Version: s.newID(),
		})
	}
}

// activitiesOn reports whether the application has an Activity. The caller holds s.mu.
func (s *Server) activitiesOn() bool { return s.app.Flags&FlagEmbedded != 0 }

// instanceState is a running instance.
type instanceState struct {
	ActivityInstance
}

// LaunchActivity has a user open the application's Activity in a channel they can see, as
// Discord's client does when the bot answers their interaction with LAUNCH_ACTIVITY, when they
// use the entry point, or when they join an instance running there: the channel's instance,
// started if none runs, with the user among its users. It returns the instance as it is after.
func (s *Server) LaunchActivity(channelID, userRef string) (ActivityInstance, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.activitiesOn() {
		return ActivityInstance{}, ErrActivitiesOff
	}
	inv, err := s.invokerIn(channelID, userRef)
	if err != nil {
		return ActivityInstance{}, err
	}
	return s.launch(inv.channel, inv.user.ID).clone(), nil
}

// launch starts or joins the channel's instance for user. The caller holds s.mu.
func (s *Server) launch(ch *channelState, user string) *instanceState {
	in := s.instances[ch.ID]
	if in == nil {
		launch := s.newID()
		loc := ActivityLocation{Kind: LocationPrivateChannel, ChannelID: ch.ID}
		loc.ID = "pc-" + ch.ID
		if ch.GuildID != "" {
			loc.Kind, loc.GuildID = LocationGuildChannel, ch.GuildID
			loc.ID = "gc-" + ch.GuildID + "-" + ch.ID
		}
		in = &instanceState{ActivityInstance{ApplicationID: s.app.ID, LaunchID: launch, Location: loc,
			InstanceID: "i-" + launch + "-" + loc.ID}}
		s.instances[ch.ID] = in
		s.instanceByID[in.InstanceID] = in
	}
	if !slices.Contains(in.Users, user) {
		in.Users = append(in.Users, user)
		s.publish(Event{Kind: ActivityJoined, ChannelID: ch.ID, Activity: in.clone(), UserID: user})
	}
	s.notify()
	return in
}

// LeaveActivity has a user close the Activity: they leave its instance, which ends when they
// were its last user.
func (s *Server) LeaveActivity(instanceID, userRef string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.instanceByID[instanceID]
	if in == nil {
		return ErrUnknownInstance
	}
	u, ok := s.lookupUser(userRef)
	if !ok {
		return ErrUnknownUser
	}
	k := slices.Index(in.Users, u.ID)
	if k < 0 {
		return ErrNotInTheInstance
	}
	in.Users = slices.Delete(in.Users, k, k+1)
	if len(in.Users) == 0 {
		delete(s.instances, in.Location.ChannelID)
		delete(s.instanceByID, in.InstanceID)
	}
	s.publish(Event{Kind: ActivityLeft, ChannelID: in.Location.ChannelID, Activity: in.clone(), UserID: u.ID})
	s.notify()
	return nil
}

// ActivityInstanceIn returns the instance running in a channel, if one is.
func (s *Server) ActivityInstanceIn(channelID string) (ActivityInstance, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.instances[channelID]
	if in == nil {
		return ActivityInstance{}, false
	}
	return in.clone(), true
}

func (in *instanceState) clone() ActivityInstance {
	c := in.ActivityInstance
	c.Users = slices.Clone(in.Users)
	return c
}

// getActivityInstance answers GET /applications/{application_id}/activity-instances/{instance_id}
// (bot token): the instance, or 404 {"message": "404: Not Found", "code": 0} for one that does
// not run (never did, or ended), as docs/activities/development-guides/multiplayer-experience.mdx,
// "Using the Activity Instance API", shows.
func (s *Server) getActivityInstance(c *call) (int, any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.param("application_id") != s.app.ID {
		return 0, nil, errNotFound()
	}
	in := s.instanceByID[c.param("instance_id")]
	if in == nil {
		return 0, nil, errNotFound()
	}
	return 0, in.clone(), nil
}

// String names an instance for logs and failures.
func (a ActivityInstance) String() string {
	return fmt.Sprintf("instance %s in %s (%s)", a.InstanceID, a.Location.ChannelID, strings.Join(a.Users, ", "))
}
