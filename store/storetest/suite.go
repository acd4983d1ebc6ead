package storetest

import "testing"

// suite is every test of the suite, in the order Run runs them, each
// section's functions in the file it names.
var suite = []test{
	// games.go: challenges and games being played.
	{"AGameReadsBackAsWritten", 0, testAGameReadsBackAsWritten},
	{"CreateRefusesABusyChannel", 0, testCreateRefusesABusyChannel},
	{"ConcurrentCreatesOfAChannelHaveOneWinner", 0, testConcurrentCreates},
	{"CreateRefusesWhatItCannotKeep", 0, testCreateRefusesWhatItCannotKeep},
	{"GetOfAnEmptyChannelIsNotFound", 0, testGetOfAnEmptyChannel},
	{"UpdateGivesANewVersion", 0, testUpdateGivesANewVersion},
	{"ALostRaceIsAConflictAndOverwritesNothing", 0, testALostRace},
	{"AStaleGameCannotOverwriteItsSuccessor", 0, testAStaleGameCannotOverwriteItsSuccessor},
	{"ConcurrentUpdatesOfOneVersionHaveOneWinner", 0, testConcurrentUpdates},
	{"AppendMove", 0, testAppendMove},
	{"DeleteFreesTheChannel", 0, testDeleteFreesTheChannel},
	{"ListsFollowGuildsAndPlayers", 0, testLists},
	{"AnUnreadableRecordNamesItsChannelAndSparesTheOthers", needsRaw, testAnUnreadableRecord},
	{"DiscardOfAnEmptyChannelIsNotFound", 0, testDiscardOfAnEmptyChannel},
	{"CallsAfterCloseFail", 0, testCallsAfterClose},
	{"GamesSurviveAReopen", needsReopen, testGamesSurviveAReopen},

	// numbers.go: games' short numbers in their server or DM.
	{"NumbersCountInEachScope", 0, testNumbersCountInEachScope},
	{"ConcurrentCreatesNeverShareANumber", 0, testConcurrentCreatesNeverShareANumber},
	{"NumberedFindsOnlyItsScope", 0, testNumberedFindsOnlyItsScope},
	{"CreateOfANumberTakenSinceIsAConflict", 0, testCreateOfANumberTakenSince},
	{"ACopyWithAnotherNumberChangesNothing", 0, testACopyWithAnotherNumberChangesNothing},
	{"CheckFindsTwoGamesWithOneNumber", needsRaw, testCheckFindsTwoGamesWithOneNumber},

	// archive.go: finished games.
	{"FinishMovesTheGameToTheArchive", 0, testFinishMovesTheGameToTheArchive},
	{"FinishOfAStaleVersionIsAConflict", 0, testFinishOfAStaleVersion},
	{"GetFinishedOfAnUnknownID", 0, testGetFinishedOfAnUnknownID},
	{"IDsSortInTheOrderGamesFinished", 0, testIDsSort},
	{"HistoryPagesFromTheLatest", 0, testHistoryPages},
	{"ChannelHistory", 0, testChannelHistory},
	{"TakebackAndUnratedSurviveTheRecord", 0, testTakebackAndUnrated},

	// due.go: reminders and deadlines.
	{"DueFollowsEveryChange", 0, testDueFollowsEveryChange},
	{"NextDueOfNoDeadlines", 0, testNextDueOfNoDeadlines},
	{"DueKeepsNanoseconds", 0, testDueKeepsNanoseconds},
	{"DueByThreadCheck", 0, testDueByThreadCheck},

	// alive.go: the time the bot was away, given back.
	{"ResumeGivesBackTheTimeAway", 0, testResumeGivesBackTheTimeAway},
	{"ResumeAfterARestartGivesNothing", 0, testResumeAfterARestartGivesNothing},
	{"ConcurrentResumesGiveTheTimeOnce", 0, testConcurrentResumesGiveTheTimeOnce},
	{"ResumeChangesOnlyTheTimesAndTheVersion", 0, testResumeChangesOnlyTheTimesAndTheVersion},
	{"BeatKeepsTheLaterTime", 0, testBeatKeepsTheLaterTime},

	// interactions.go: interactions taken, and their follow-ups.
	{"AnInteractionIsTakenOnce", 0, testAnInteractionIsTakenOnce},
	{"AnInteractionIsForgottenAfterItsMemory", 0, testAnInteractionIsForgottenAfterItsMemory},
	{"ConcurrentTakesHaveOneWinner", 0, testConcurrentTakesHaveOneWinner},
	{"FollowUpsAreCountedToTheLimit", 0, testFollowUpsAreCountedToTheLimit},
	{"ConcurrentFollowUpsCountToTheLimit", 0, testConcurrentFollowUpsCountToTheLimit},
	{"InteractionsSurviveAReopen", needsReopen, testInteractionsSurviveAReopen},
	{"CheckFindsAnUnreadableInteraction", needsRaw, testCheckFindsAnUnreadableInteraction},

	// outbox.go: announcements.
	{"AnnouncementsCommitWithTheirChange", 0, testAnnouncementsCommitWithTheirChange},
	{"AnnouncementsOfConcurrentChangesKeepTheirOrder", 0, testAnnouncementsOfConcurrentChanges},
	{"AnnouncementNeedsAChannel", 0, testAnnouncementNeedsAChannel},
	{"AnnouncementsSurviveAReopen", needsReopen, testAnnouncementsSurviveAReopen},
	{"UnreadableAnnouncementIsReported", needsRaw, testUnreadableAnnouncement},

	// players.go: standings, ratings and players' settings.
	{"TwoNewPlayersAfterOneWin", 0, testTwoNewPlayersAfterOneWin},
	{"WhatCountsWhere", 0, testWhatCountsWhere},
	{"PreviewIsWhatFinishDoes", 0, testPreviewIsWhatFinishDoes},
	{"ConcurrentFinishesAllCount", 0, testConcurrentFinishes},
	{"UserSettings", 0, testUserSettings},
	{"CheckReadsStandingsAndSettings", needsRaw, testCheckReadsStandingsAndSettings},

	// vacation.go: players' vacations.
	{"VacationReadsBackAsWritten", 0, testVacationReadsBackAsWritten},
	{"VacationsListsThoseUnderWay", 0, testVacationsListsThoseUnderWay},
	{"SetVacationRefusesWhatCannotBe", 0, testSetVacationRefuses},
	{"VacationsSurviveAReopen", needsReopen, testVacationsSurviveAReopen},
	{"CheckFindsAnUnreadableVacation", needsRaw, testCheckFindsAnUnreadableVacation},

	// plans.go: players' plans (conditional moves) in games being played.
	{"PlansReadBackAsWritten", 0, testPlansReadBackAsWritten},
	{"SetPlansNamesTheVersion", 0, testSetPlansNamesTheVersion},
	{"SetPlansRefusesWhatCannotBe", 0, testSetPlansRefusesWhatCannotBe},
	{"UpdatePlansIsOneChange", 0, testUpdatePlansIsOneChange},
	{"AGameGoneTakesItsPlans", 0, testAGameGoneTakesItsPlans},
	{"PlansSurviveAReopen", needsReopen, testPlansSurviveAReopen},

	// settings.go: servers' settings.
	{"GuildSettings", 0, testGuildSettings},
	{"PuzzleChannels", 0, testPuzzleChannels},

	// puzzles.go: streaks, daily puzzles, attempts and the pool.
	{"PuzzleStreakCountsEachPuzzleOnce", 0, testPuzzleStreak},
	{"ConcurrentAnswersAllCount", 0, testConcurrentAnswers},
	{"DailyPuzzleIsSetOncePerDay", 0, testDailyPuzzleIsSetOncePerDay},
	{"ConcurrentDailyPuzzlesAgreeOnOne", 0, testConcurrentDailyPuzzles},
	{"DailyPuzzleCommitsItsPostOnlyWhenStored", 0, testDailyPuzzlePost},
	{"DailyPuzzlesListsAServersDaysLatestFirst", 0, testDailyPuzzlesList},
	{"AnswerToTheDailyPuzzleKeepsTheFirstAnswer", 0, testAnswerToTheDailyPuzzle},
	{"PuzzleAttemptLastsUntilItsPuzzleIsAnswered", 0, testPuzzleAttempt},
	{"PuzzleCallsRefuseWhatCannotBeKept", 0, testPuzzleCallsRefuse},
	{"PuzzlePool", 0, testPuzzlePool},
	{"CheckFindsUnreadablePuzzleRecords", needsRaw, testCheckFindsUnreadablePuzzleRecords},

	// tournaments.go: tournaments, their rounds and their games.
	{"ATournamentReadsBackAsWritten", 0, testATournamentReadsBackAsWritten},
	{"CreateTournamentRefusesWhatItCannotKeep", 0, testCreateTournamentRefusesWhatItCannotKeep},
	{"ConcurrentCreatesOfANameHaveOneWinner", 0, testConcurrentCreatesOfANameHaveOneWinner},
	{"JoinAndLeaveBeforeTheStart", 0, testJoinAndLeaveBeforeTheStart},
	{"ConcurrentJoinsNeverExceedMaxPlayers", 0, testConcurrentJoinsNeverExceedMaxPlayers},
	{"StartPauseResumeCancel", 0, testStartPauseResumeCancel},
	{"ARoundCommitsWithItsGamesAndAnnouncements", 0, testARoundCommitsWithItsGamesAndAnnouncements},
	{"CommitRoundRefusesGamesThatDoNotFit", 0, testCommitRoundRefusesGamesThatDoNotFit},
	{"ARoundIsCommittedWholeOrNotAtAll", 0, testARoundIsCommittedWholeOrNotAtAll},
	{"AGamesEndIsRecordedInItsTournament", 0, testAGamesEndIsRecordedInItsTournament},
	{"AGameEndedWithoutAResultIsADoubleForfeit", 0, testAGameEndedWithoutAResult},
	{"WithdrawalScoresAForfeit", 0, testWithdrawalScoresAForfeit},
	{"AWithdrawnPlayersLaterGamesAreForfeits", 0, testAWithdrawnPlayersLaterGamesAreForfeits},
	{"ScheduledStartsAreDue", 0, testScheduledStartsAreDue},
	{"TournamentsCopyEntryByEntry", 0, testTournamentsCopyEntryByEntry},
	{"TournamentsSurviveAReopen", needsReopen, testTournamentsSurviveAReopen},
	{"AnUnreadableTournamentIsReportedAndItsGamesStillEnd", needsRaw, testCheckFindsAnUnreadableTournament},

	// owner.go: the bot a database belongs to.
	{"ClaimBotBindsTheDatabaseToOneBot", needsReopen, testClaimBot},

	// stats.go: the operators' summary.
	{"StatsOfAnEmptyDatabase", 0, testStatsOfAnEmptyDatabase},
	{"StatsCountsTheGames", needsRaw, testStatsCountsTheGames},

	// dump.go: copying a database entry by entry.
	{"ACopyReadsBackTheSame", 0, testACopyReadsBackTheSame},
	{"DumpGivesEveryKindInOrder", 0, testDumpGivesEveryKindInOrder},
	{"LoadRefusesADatabaseThatIsNotEmpty", 0, testLoadRefusesANonEmptyDatabase},
	{"AFailedLoadChangesNothing", 0, testAFailedLoadChangesNothing},
	{"LoadKeepsAnUnreadableRecord", needsRaw, testLoadKeepsAnUnreadableRecord},
}

// A test is one behaviour of the suite.
type test struct {
	name  string
	needs needs
	run   func(t *testing.T, e *env)
}

// needs says which of Backend's optional functions a test calls.
type needs uint8

const (
	needsRaw needs = 1 << iota
	needsReopen
)
