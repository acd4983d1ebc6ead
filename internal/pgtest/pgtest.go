// Package pgtest runs a throwaway PostgreSQL server for tests: initdb on a
// temporary directory, postgres on a free loopback port (as the system's
// postgres user when the tests run as root, since PostgreSQL refuses to
// run as root), a new database for each test that asks, and everything
// stopped and removed when the package's tests end. Durability is turned
// off (fsync, synchronous_commit), which is what makes it fast; nothing
// survives the run anyway. Each test's "database" is a schema of its own
// in the server's one database, named in the URL's search_path: as good as
// a database of its own for code that names no schema, and made in a
// millisecond where CREATE DATABASE takes a fifth of a second.
//
// One server serves a package's tests, started by the first test that
// asks for a database:
//
//	var pg pgtest.Server
//
//	func TestMain(m *testing.M) { os.Exit(pg.Run(m)) }
//
//	func TestSomething(t *testing.T) {
//		url := pg.Database(t) // skips the test where PostgreSQL is missing
//		...
//	}
//
// The binaries (initdb, postgres) are looked for in $VOLO_PG_BIN, on the
// PATH, then in Debian's /usr/lib/postgresql/*/bin, the newest first.
// Where they are missing, or the tests run as root on a machine without a
// postgres user, Database skips the test and says why.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// errUnavailable wraps the reasons there can be no server: tests skip.
var errUnavailable = errors.New("PostgreSQL is not available")

// Server is a PostgreSQL server for one package's tests. The zero Server
// is ready to use; it starts at the first Database.
type Server struct {
	once sync.Once
	err  error // why the server could not start

	dir    string        // the temporary directory of the data and the log
	port   int           // the loopback port it listens on
	cmd    *exec.Cmd     // the postmaster
	exited chan struct{} // closed when the postmaster has exited

	mu    sync.Mutex
	admin *pgx.Conn // to the postgres database, to create the tests'
	n     int       // databases created
}

// Run runs a package's tests and stops the server, if one started, after
// them; it returns the exit code for os.Exit.
func (s *Server) Run(m *testing.M) int {
	code := m.Run()
	if err := s.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// Database creates a new, empty database for t (a schema of its own, see
// the package's documentation) and returns its URL, for pgx or any libpq
// client; it is dropped when t ends. It skips
// t when PostgreSQL's binaries are missing, and fails it when they are
// there but the server does not start.
func (s *Server) Database(t testing.TB) string {
	t.Helper()
	s.once.Do(func() { s.err = s.start() })
	if errors.Is(s.err, errUnavailable) {
		t.Skipf("skipped: %v", s.err)
	}
	if s.err != nil {
		t.Fatalf("pgtest: %v", s.err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	name := fmt.Sprintf("t%d", s.n)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := s.admin.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("pgtest: create schema %s: %v", name, err)
	}
	t.Cleanup(func() { s.drop(name) })
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable&search_path=%s", s.port, database, name)
}

// database is the server's database, where the tests' schemas are.
const database = "volo"

// drop removes a test's schema.
func (s *Server) drop(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s.admin.Exec(ctx, "DROP SCHEMA IF EXISTS "+name+" CASCADE") // the whole server goes at the end anyway
}

// Stop stops the server, if it started, and removes its files.
func (s *Server) Stop() error {
	if s.cmd == nil {
		return nil
	}
	if s.admin != nil {
		s.admin.Close(context.Background())
	}
	err := stopPostmaster(s.cmd, s.exited)
	s.cmd = nil
	if rmErr := os.RemoveAll(s.dir); err == nil {
		err = rmErr
	}
	return err
}

// stopPostmaster asks postgres for a fast shutdown and waits for it,
// killing it if it takes too long.
func stopPostmaster(cmd *exec.Cmd, exited chan struct{}) error {
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-exited:
		return nil
	case <-time.After(20 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
		return errors.New("postgres did not stop within 20s: killed")
	}
}

// start runs initdb and postgres, and connects to it.
func (s *Server) start() error {
	bin, err := findBinaries()
	if err != nil {
		return err
	}
	cred, err := runAs()
	if err != nil {
		return err
	}
	if s.dir, err = os.MkdirTemp("", "volo-pgtest-"); err != nil {
		return err
	}
	if cred != nil {
		if err := os.Chown(s.dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	data := filepath.Join(s.dir, "data")
	initdb := command(cred, filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		os.RemoveAll(s.dir)
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	for try := 0; ; try++ {
		err = s.startPostmaster(cred, bin, data)
		if err == nil || try == 2 {
			break
		}
	}
	if err != nil {
		os.RemoveAll(s.dir)
	}
	return err
}

// startPostmaster starts postgres on a free port and connects to it.
func (s *Server) startPostmaster(cred *syscall.Credential, bin, data string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	logPath := filepath.Join(s.dir, "postgres.log")
	log, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer log.Close()
	cmd := command(cred, filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=",
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=300", "-c", "shared_buffers=64MB")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port))
		cancel()
		if err == nil {
			s.port, s.cmd, s.exited = port, cmd, exited
			if err := s.connect(conn); err != nil {
				stopPostmaster(cmd, exited)
				s.cmd = nil
				return err
			}
			return nil
		}
		select {
		case <-exited:
			out, _ := os.ReadFile(logPath)
			return fmt.Errorf("postgres stopped at its start:\n%s", out)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
			return fmt.Errorf("postgres did not accept connections within 30s: %w", err)
		}
	}
}

// connect makes the tests' database and connects to it, given a
// connection to the postgres database.
func (s *Server) connect(conn *pgx.Conn) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+database); err != nil {
		return fmt.Errorf("create database %s: %w", database, err)
	}
	admin, err := pgx.Connect(ctx, fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", s.port, database))
	if err != nil {
		return err
	}
	s.admin = admin
	return nil
}

// command returns cmd to run as cred's user (nil: as this process's), in
// a process group of its own, killed if this process dies.
func command(cred *syscall.Credential, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Setpgid: true, Pdeathsig: syscall.SIGKILL}
	return cmd
}

// runAs returns the user the server must run as: nil for this process's,
// or the postgres user when running as root, which PostgreSQL refuses.
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("%w: the tests run as root and there is no postgres user to run the server as (%v)", errUnavailable, err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("the postgres user: %w", err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// findBinaries returns the directory that holds both initdb and postgres.
func findBinaries() (string, error) {
	var dirs []string
	if d := os.Getenv("VOLO_PG_BIN"); d != "" {
		dirs = append(dirs, d)
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			dirs = append(dirs, filepath.Dir(real))
		}
		dirs = append(dirs, filepath.Dir(p))
	}
	debian, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(debian, func(a, b string) int { return versionOf(b) - versionOf(a) })
	dirs = append(dirs, debian...)
	for _, d := range dirs {
		if isExecutable(filepath.Join(d, "initdb")) && isExecutable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", fmt.Errorf("%w: no initdb and postgres in $VOLO_PG_BIN, on the PATH or in /usr/lib/postgresql/*/bin (Debian: apt-get install postgresql)", errUnavailable)
}

// versionOf returns the major version in a path like
// /usr/lib/postgresql/15/bin, 0 if there is none.
func versionOf(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// freePort returns a loopback port nobody listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
