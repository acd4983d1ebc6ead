package race_test

import "runtime/debug"

// raceBuilt reads the -race flag from the binary's build information.
func raceBuilt() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}
