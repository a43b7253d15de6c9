package ddblocal

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

const orphanChildEnv = "DDBLOCAL_TEST_ORPHAN_CHILD"

// TestServerDiesWithItsParent kills (SIGKILL, so no Stop runs) a process
// that started a server, and expects the server to go away too.
func TestServerDiesWithItsParent(t *testing.T) {
	if os.Getenv(orphanChildEnv) != "" {
		srv, err := Start(context.Background(), Options{})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("port:", srv.Port)
		time.Sleep(time.Minute) // until killed
		os.Exit(0)
	}
	skipIfShort(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestServerDiesWithItsParent$")
	cmd.Env = append(os.Environ(), orphanChildEnv+"=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the child's port: %v", err)
	}
	port, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "port:")))
	if err != nil {
		t.Fatalf("child said %q", line)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	if conn, err := net.DialTimeout("tcp", addr, time.Second); err != nil {
		t.Fatalf("server of the child does not accept connections: %v", err)
	} else {
		conn.Close()
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			return // the server is gone
		}
		conn.Close()
		if time.Now().After(deadline) {
			t.Fatalf("server on port %d still runs 10 s after its parent was killed", port)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
