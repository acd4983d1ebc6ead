package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// clockTicks is the kernel's USER_HZ, the unit of /proc's CPU times: 100
// on every Linux Go runs on.
const clockTicks = 100

// cpuSeconds is the CPU time, user and system, process pid has used so
// far, from /proc/PID/stat.
func cpuSeconds(pid string) (float64, error) {
	data, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
	if err != nil {
		return 0, err
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// are counted after its closing parenthesis.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%s/stat: no command name", pid)
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%s/stat: %d fields", pid, len(f))
	}
	// utime and stime are the stat file's 14th and 15th fields; f starts
	// at its 3rd.
	utime, err1 := strconv.ParseUint(f[11], 10, 64)
	stime, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%s/stat: unreadable CPU times", pid)
	}
	return float64(utime+stime) / clockTicks, nil
}

// memory is a process's resident memory now and at its peak, in MiB, from
// /proc/PID/status.
func memory(pid string) (rss, peak float64, err error) {
	f, err := os.Open(filepath.Join("/proc", pid, "status"))
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ":")
		fields := strings.Fields(v)
		if len(fields) == 0 || (k != "VmRSS" && k != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseFloat(fields[0], 64)
		if err != nil {
			return 0, 0, fmt.Errorf("/proc/%s/status %s: %w", pid, k, err)
		}
		if k == "VmRSS" {
			rss = kb / 1024
		} else {
			peak = kb / 1024
		}
	}
	return rss, peak, sc.Err()
}

// postgresCPU is the CPU time every process named postgres on the
// machine has used so far: the server the replicas share, when it runs
// here.
func postgresCPU() float64 {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var total float64
	for _, d := range dirs {
		comm, err := os.ReadFile(filepath.Join(d, "comm"))
		if err != nil || strings.TrimSpace(string(comm)) != "postgres" {
			continue
		}
		if s, err := cpuSeconds(filepath.Base(d)); err == nil {
			total += s
		}
	}
	return total
}
