package fakediscord

import (
	"slices"
	"time"
)

// Discord archives a thread once it has gone its auto_archive_duration without activity (a
// message, or being started, archived or unarchived), and a moderator may archive or lock one.
// As Discord's "Threads" topic says, and the stand-in does:
//   - in an archived thread nobody edits a message, nor uses an application command (the
//     stand-in lets one who may manage threads);
//   - a message sent there unarchives it, unless it is locked;
//   - in a locked thread only those who may manage threads post or edit a message, or answer an
//     interaction (a callback with a message, a follow-up, an edit of the response);
//   - a member may unarchive a thread, its creator or one who may manage threads a locked one;
//     locking needs Manage Threads. The stand-in counts as members a thread's creator and those
//     who have posted in it.
//
// Nor, where Discord's issues tell of its client, does one who may not manage threads click a
// component in an archived thread (discord-api-docs issue 5946) or a locked one (7900), or type
// a command in a locked one, whose message box the client closes.

// errArchivedThread is Discord's answer to a change in an archived thread.
func errArchivedThread() *apiError {
	return &apiError{Status: 400, Code: 50083, Message: "Operation cannot be performed on an archived thread"}
}

// errThreadLocked is Discord's answer to a message, or the edit of one, in a locked thread from
// one who may not manage threads (160005 in the JSON error codes of "Opcodes and Status Codes").
// To an interaction's answer there Discord answers otherwise: see errLockedToAnswers.
func errThreadLocked() *apiError {
	return &apiError{Status: 403, Code: 160005, Message: "Thread is locked"}
}

// ArchiveThread archives a thread, as Discord does once it has gone its auto_archive_duration
// without activity, or as a moderator does; with lock it is locked as well, as a moderator's
// "Lock thread" does. A connected bot that sees the thread is sent THREAD_UPDATE.
func (s *Server) ArchiveThread(id string, lock bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	th, ok := s.channels[id]
	if !ok {
		return ErrUnknownChannel
	}
	if !th.Type.IsThread() {
		return errNotThread
	}
	th.ThreadMetadata.Locked = th.ThreadMetadata.Locked || lock
	s.setArchived(th, true)
	return nil
}

// LockThread locks a thread and leaves it active, as a moderator's "Lock Thread" does: only
// those who may manage threads post or edit there, or answer an interaction (see lockedToApp);
// the bot, without Manage Threads, is refused. A connected bot that sees the thread is sent
// THREAD_UPDATE.
func (s *Server) LockThread(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	th, ok := s.channels[id]
	if !ok {
		return ErrUnknownChannel
	}
	if !th.Type.IsThread() {
		return errNotThread
	}
	th.ThreadMetadata.Locked = true
	s.channelUpdated(th)
	return nil
}

// UnlockThread unlocks a thread a moderator locked, as one who may manage threads does; an
// archived thread stays archived. A connected bot that sees the thread is sent THREAD_UPDATE.
func (s *Server) UnlockThread(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	th, ok := s.channels[id]
	if !ok {
		return ErrUnknownChannel
	}
	if !th.Type.IsThread() {
		return errNotThread
	}
	th.ThreadMetadata.Locked = false
	s.channelUpdated(th)
	return nil
}

// ArchiveIdleThreads archives every thread that has gone its auto_archive_duration without
// activity by the server's Clock, as Discord's timer does, and returns how many it archived.
func (s *Server) ArchiveIdleThreads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	now, n := s.now(), 0
	for _, id := range s.channelOrder {
		th := s.channels[id]
		if !th.Type.IsThread() || th.ThreadMetadata.Archived {
			continue
		}
		if idle := time.Duration(th.ThreadMetadata.AutoArchiveDuration) * time.Minute; now.Sub(th.lastActivity()) >= idle {
			s.setArchived(th, true)
			n++
		}
	}
	return n
}

// lastActivity is when a thread last had a message everyone sees, or was started, archived or
// unarchived.
func (c *channelState) lastActivity() time.Time {
	last := c.ThreadMetadata.ArchiveTimestamp
	for _, m := range slices.Backward(c.messages) {
		if m.VisibleTo == "" {
			if m.Timestamp.After(last) {
				last = m.Timestamp
			}
			break
		}
	}
	return last
}

// setArchived archives or unarchives a thread, and tells a bot that sees it and the subscribers.
// The caller holds s.mu.
func (s *Server) setArchived(th *channelState, archived bool) {
	th.ThreadMetadata.Archived, th.ThreadMetadata.ArchiveTimestamp = archived, s.now()
	s.channelUpdated(th)
}

// channelUpdated tells a bot that sees a channel (CHANNEL_UPDATE) or thread (THREAD_UPDATE), and
// the subscribers, that it changed. The caller holds s.mu.
func (s *Server) channelUpdated(c *channelState) {
	if s.botSees(c) {
		event := "CHANNEL_UPDATE"
		if c.Type.IsThread() {
			event = "THREAD_UPDATE"
		}
		s.dispatchAll(c.GuildID, event, c.Channel, IntentGuilds)
	}
	s.publish(Event{Kind: ChannelUpdated, ChannelID: c.ID, Channel: cloneChannel(c.Channel)})
}

// closedTo says why a person with perms in c may not use a command or a component there: an
// archived or locked thread, where they may not manage threads. It is nil where they may.
func closedTo(c *channelState, perms int64) error {
	switch {
	case c.ThreadMetadata == nil || perms&PermManageThreads != 0:
		return nil
	case c.ThreadMetadata.Locked:
		return ErrThreadLocked
	case c.ThreadMetadata.Archived:
		return ErrThreadArchived
	}
	return nil
}

// errLockedToAnswers is Discord's answer to an interaction's response, follow-up or edit in a
// locked thread, from an app that may not manage threads: Discord's issues 5517, 6884 and 7707
// show 403, 50083 "Thread is archived".
func errLockedToAnswers() *apiError {
	return &apiError{Status: 403, Code: 50083, Message: "Thread is archived"}
}

// lockedToApp refuses an answer to an interaction (a callback with a message, a follow-up, an
// edit of the response) in c, a locked thread, where the app may not manage threads: "Users
// (including bot users) without the MANAGE_THREADS permission ... won't be able to create or
// update messages in locked threads" (the "Threads" topic, Locked Threads). The app's
// permissions there are its bot's where the bot is, else @everyone's. The caller holds s.mu.
func (s *Server) lockedToApp(c *channelState) *apiError {
	if c.ThreadMetadata == nil || !c.ThreadMetadata.Locked {
		return nil
	}
	var perms int64
	if g, ok := s.guilds[c.GuildID]; ok {
		if m, in := g.members[s.bot.ID]; in {
			perms = s.channelPermissions(g, c, m)
		} else {
			perms = s.everyonePermissions(g, c)
		}
	}
	if lockedTo(c, perms) {
		return errLockedToAnswers()
	}
	return nil
}

// lockedTo reports whether c is a locked thread and perms do not let one post there anyway.
func lockedTo(c *channelState, perms int64) bool {
	return c.ThreadMetadata != nil && c.ThreadMetadata.Locked && perms&PermManageThreads == 0
}

// joined reports whether a user is a member of thread c: one who started it or has posted in it.
func (c *channelState) joined(userID string) bool {
	return c.OwnerID == userID || slices.ContainsFunc(c.messages, func(m *Message) bool { return m.Author.ID == userID })
}

// archived reports whether c is an archived thread.
func (c *channelState) archived() bool {
	return c.ThreadMetadata != nil && c.ThreadMetadata.Archived
}
