#!/usr/bin/env python3
"""Where the time from starting the engine to `uciok` goes: the same measurement for programs that do less and less.

    scripts/startup-phases.py [runs]          (default 15 rounds; Linux or macOS, a JDK 17+ with javac)

Each round starts, in turn (interleaved, so that a change of the machine's load touches every variant alike):

  floor         a minimal Java program that answers `uci` with `uciok` (compiled here), the JVM's default CDS
                archive: what no Java UCI engine can go below on this machine and JVM
  floor+vector  the same with --add-modules jdk.incubator.vector, which the launchers pass for the network
  jar           java -Xss16m -XX:+UseSerialGC -Xmn8m --add-modules jdk.incubator.vector -jar kestrel.jar: Kestrel
                without the launcher's class-data-sharing archive
  jar+cds       the same with the launcher's archive (uci/target/kestrel-java*.jsa, recorded by ./kestrel)
  ./kestrel     the launcher in the source tree (it also checks whether the jar is older than the sources)

and reports for each the median, lowest and highest wall time from starting the process to reading `uciok`, and the
median CPU time (user + sys) of the whole process tree, which load on the machine disturbs less than the wall time.
The load average is printed before and after. Builds nothing: run ./kestrel once first.
"""
import glob
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAR = os.path.join(ROOT, 'uci', 'target', 'kestrel.jar')
JVM = ['-Xss16m', '-XX:+UseSerialGC', '-Xmn8m', '-Xlog:disable', '-Xlog:all=warning:stderr']
VECTOR = ['--add-modules', 'jdk.incubator.vector']

FLOOR = """
import java.io.*;
public class Floor {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("uci")) { System.out.println("uciok"); System.out.flush(); }
            if (line.equals("quit")) return;
        }
    }
}
"""


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_start(command):
    """Wall time to uciok (ms) and CPU time of the process tree (ms)."""
    cpu_before = children_cpu()
    start = time.monotonic()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               cwd=ROOT)
    process.stdin.write(b'uci\n')
    process.stdin.flush()
    for line in process.stdout:
        if line.strip() == b'uciok':
            break
    wall = (time.monotonic() - start) * 1000
    process.stdin.write(b'quit\n')
    process.stdin.close()
    process.stdout.read()
    process.wait()
    return wall, (children_cpu() - cpu_before) * 1000


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    java = os.path.join(os.environ['JAVA_HOME'], 'bin', 'java') if os.environ.get('JAVA_HOME') else 'java'
    javac = os.path.join(os.environ['JAVA_HOME'], 'bin', 'javac') if os.environ.get('JAVA_HOME') else 'javac'
    work = tempfile.mkdtemp(prefix='startup-phases-')
    with open(os.path.join(work, 'Floor.java'), 'w') as source:
        source.write(FLOOR)
    subprocess.run([javac, '-d', work, os.path.join(work, 'Floor.java')], check=True)
    archives = sorted(glob.glob(os.path.join(ROOT, 'uci', 'target', 'kestrel-java*.jsa')))

    variants = [
        ('floor', [java] + JVM + ['-cp', work, 'Floor']),
        ('floor+vector', [java] + JVM + VECTOR + ['-cp', work, 'Floor']),
        ('jar', [java] + JVM + VECTOR + ['-jar', JAR]),
    ]
    if archives:
        variants.append(('jar+cds', [java] + JVM + ['-XX:SharedArchiveFile=' + archives[0]] + VECTOR + ['-jar', JAR]))
    variants.append(('./kestrel', [os.path.join(ROOT, 'kestrel')]))

    for name, command in variants:  # warm the file cache
        one_start(command)
    print('load average before: %s' % ' '.join(open('/proc/loadavg').read().split()[:3])
          if os.path.exists('/proc/loadavg') else '')
    results = {name: ([], []) for name, _ in variants}
    for _ in range(runs):
        for name, command in variants:
            wall, cpu = one_start(command)
            results[name][0].append(wall)
            results[name][1].append(cpu)
    for name, _ in variants:
        walls, cpus = results[name]
        print('%-13s to uciok: median %4.0f ms (min %4.0f, max %4.0f); CPU user+sys median %4.0f ms' % (
            name, statistics.median(walls), min(walls), max(walls), statistics.median(cpus)))
    if os.path.exists('/proc/loadavg'):
        print('load average after: %s' % ' '.join(open('/proc/loadavg').read().split()[:3]))


if __name__ == '__main__':
    main()
