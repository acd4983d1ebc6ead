package activity

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/volo-discord/volo/bot"
	"github.com/volo-discord/volo/internal/lang"
)

// discordWait bounds what a session waits for Discord's answers.
const discordWait = 10 * time.Second

// postSession answers POST api/session: it exchanges the code the SDK's
// authorize gave for an access token, learns from Discord who the user
// is, reads the instance the page says it runs in with the bot's token,
// checks that the user is in it, and signs a session bound to that user
// and to the instance's channel. Nothing the page says of the channel is
// believed: the instance, asked of Discord, tells it.
func (s *Server) postSession(w http.ResponseWriter, r *http.Request) {
	t := lang.FromLocale(r.Header.Get("Accept-Language"))
	var req SessionRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 4<<10)).Decode(&req); err != nil || req.Code == "" || req.InstanceID == "" {
		s.problem(w, http.StatusBadRequest, CodeBadRequest, t.Sprint("The board asked to sign in without a code from Discord: close it and open it again."))
		return
	}
	if ok, _ := s.session.allow(req.InstanceID); !ok {
		s.problem(w, http.StatusTooManyRequests, CodeRateLimited, t.Sprint("Too many sign-ins from this board: wait a minute, then open it again."))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), discordWait)
	defer cancel()
	token, err := s.opts.Discord.Exchange(ctx, req.Code)
	if err != nil {
		s.discordFailed(w, t, "exchange the code", err)
		return
	}
	u, err := s.opts.Discord.User(ctx, token.AccessToken)
	if err != nil {
		s.discordFailed(w, t, "learn the user", err)
		return
	}
	t = lang.FromLocale(u.Locale)
	in, err := s.opts.Discord.Instance(ctx, req.InstanceID)
	if errors.Is(err, ErrNoInstance) {
		s.problem(w, http.StatusForbidden, CodeForbidden, t.Sprint("Discord knows no such Activity: close the board and open it again."))
		return
	}
	if err != nil {
		s.discordFailed(w, t, "read the instance", err)
		return
	}
	if !slices.Contains(in.Users, u.ID) {
		s.problem(w, http.StatusForbidden, CodeForbidden, t.Sprint("You are not in this Activity: open the board from its channel in Discord."))
		return
	}
	now := s.opts.Clock()
	expires := now.Add(SessionLifetime)
	if !token.Expires.IsZero() && token.Expires.Before(expires) {
		expires = token.Expires
	}
	c := claims{User: u.ID, Name: u.Name(), Locale: u.Locale, Channel: in.Channel, Guild: in.Guild, Instance: in.ID, Expires: expires.Unix()}
	writeJSON(w, http.StatusOK, Session{
		Token: s.seal.seal(c), Expires: expires.UTC().Format(time.RFC3339), AccessToken: token.AccessToken,
		User: User{ID: u.ID, Name: u.Name()}, Channel: in.Channel, Lang: t.String(), Words: words(t),
	})
}

// discordFailed answers a session request that Discord refused or failed.
func (s *Server) discordFailed(w http.ResponseWriter, t lang.Tag, step string, err error) {
	switch {
	case errors.Is(err, ErrBadCode):
		s.problem(w, http.StatusUnauthorized, CodeSession, t.Sprint("Discord did not confirm who you are: close the board and open it again."))
	case errors.Is(err, ErrBadClient):
		s.log.Error("activity: Discord refused the application's client ID or secret: check DISCORD_CLIENT_SECRET", "step", step)
		s.problem(w, http.StatusBadGateway, CodeDiscord, t.Sprint("The bot cannot sign you in: its Discord settings are wrong. Tell the bot's admin."))
	default:
		s.log.Warn("activity: asking Discord failed", "step", step, "err", err)
		s.problem(w, http.StatusBadGateway, CodeDiscord, t.Sprint("Discord did not answer in time: close the board and open it again in a moment."))
	}
}

// actions maps the page's actions to the bot's acts.
var actions = map[string]bot.ActKind{
	ActionMove: bot.ActMove, ActionResign: bot.ActResign,
	ActionOfferDraw: bot.ActOfferDraw, ActionAcceptDraw: bot.ActAcceptDraw, ActionDeclineDraw: bot.ActDeclineDraw,
	ActionAskTakeback: bot.ActAskTakeback, ActionAgreeTakeback: bot.ActAgreeTakeback, ActionDeclineTakeback: bot.ActDeclineTakeback,
	ActionPlan: bot.ActPlan, ActionCancelPlan: bot.ActCancelPlan,
}

// postAct answers POST api/act: the session's user does something in the
// session's channel's game, through the bot, exactly as the command or
// button it stands for.
func (s *Server) postAct(w http.ResponseWriter, r *http.Request) {
	c, ok := s.authorize(w, r)
	if !ok {
		return
	}
	t := lang.FromLocale(c.Locale)
	var req ActRequest
	if err := json.NewDecoder(io.LimitReader(r.Body, 4<<10)).Decode(&req); err != nil {
		s.problem(w, http.StatusBadRequest, CodeBadRequest, t.Sprint("The board sent something I cannot read. Reload it and try again."))
		return
	}
	kind, known := actions[req.Action]
	switch {
	case !known:
		s.problem(w, http.StatusBadRequest, CodeBadRequest, t.Sprint("The board sent something I cannot read. Reload it and try again."))
		return
	case req.Channel != c.Channel:
		s.problem(w, http.StatusForbidden, CodeForbidden, t.Sprint("This board shows another channel's game: moves go only to the game of the channel it was opened in."))
		return
	case kind == bot.ActCancelPlan && !isMove(req.Move), kind == bot.ActPlan && (!isMove(req.If) || !isMove(req.Move)):
		s.problem(w, http.StatusBadRequest, CodeBadRequest, t.Sprint("The board sent something I cannot read. Reload it and try again."))
		return
	}
	said, err := s.opts.Bot.Do(bot.Act{Kind: kind, Channel: c.Channel, User: c.User, Name: c.Name, Locale: c.Locale,
		Move: req.Move, If: req.If, Game: req.Game, Ply: req.Ply})
	if ae, ok := errors.AsType[*bot.ActError](err); ok {
		status, code := http.StatusConflict, CodeRefused
		if !ae.Refused {
			status, code = http.StatusInternalServerError, CodeFailed
		}
		s.problem(w, status, code, ae.Sentence)
		return
	}
	if err != nil {
		s.log.Error("activity: an act failed", "channel", c.Channel, "err", err)
		s.problem(w, http.StatusInternalServerError, CodeFailed, t.Sprint("Something went wrong on my side and nothing was changed. Please try again in a moment."))
		return
	}
	writeJSON(w, http.StatusOK, ActResult{Said: said})
}
