package ddblocal

import (
	"os/exec"
	"syscall"
)

// setProcAttr makes the kernel kill the JVM when the process that started it
// dies, so that a crashed or timed-out test binary leaves no server behind.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
