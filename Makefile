# make EXE=<name>: one runnable Kestrel in one file, as OpenBench builds engines (docs/testing.md).
#
# <name> is a short shell launcher with uci/target/kestrel.jar appended to it: the launcher runs `java -jar` on its
# own file, which Java reads as the jar behind the script. One file, because OpenBench moves the file named EXE out of
# the source tree and runs it from elsewhere (`<name> bench`, then games), so a launcher beside a separate jar would
# lose its jar. It needs Java 17 or newer at run time (JAVA_HOME, else java on the PATH, as the kestrel launcher).
#
#   make EXE=Kestrel-dev               build the jar with Maven if a source or pom is newer than it, then <name>
#   make EXE=... EVALFILE=net.nnue     the same with net.nnue as the built-in network (OpenBench passes it so)
#
# Variables: MVN (default mvn), JAVA (the java binary whose options are probed here; default $JAVA_HOME/bin/java or
# java), JARTOOL (the JDK's jar, for EVALFILE). OpenBench also passes CC=<the compiler it found>, which is not used.
# Linux and macOS only: a script is no .exe.

EXE      ?= kestrel-ob
MVN      ?= mvn
JAVA     ?= $(if $(JAVA_HOME),$(JAVA_HOME)/bin/java,java)
JARTOOL  ?= $(if $(JAVA_HOME),$(JAVA_HOME)/bin/jar,jar)
JAR      := uci/target/kestrel.jar
NETWORK  := kestrel/engine/nnue/kestrel.nnue
SOURCES  := $(shell find engine/src/main perft/src/main uci/src/main -type f 2>/dev/null) \
            pom.xml engine/pom.xml perft/pom.xml uci/pom.xml

.PHONY: all openbench FORCE
all openbench: $(EXE)

# The jar is rebuilt only when it is missing or older than a source or pom (as ./kestrel does), so a `make` after
# `mvn verify` reuses the jar Maven just built.
$(JAR): $(SOURCES)
	$(MVN) -B -q -Dstyle.color=never -DskipTests package
	@test -f $@ || { echo "make: Maven finished but $@ is missing" >&2; exit 1; }

# Always remade (a second of work): EVALFILE or the Java found may differ from the last time.
$(EXE): $(JAR) FORCE
	@case "$$(basename '$(EXE)' | tr 'A-Z' 'a-z')" in \
	  kestrel|kestrel.bat|makefile|pom.xml|readme.md) \
	    echo "make: EXE=$(EXE) would overwrite a file of the repository; choose another name" >&2; exit 1 ;; \
	esac
	@set -e; tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	cp $(JAR) "$$tmp/kestrel.jar"; \
	if [ -n "$(EVALFILE)" ]; then \
	  mkdir -p "$$tmp/net/$(dir $(NETWORK))"; \
	  cp "$(EVALFILE)" "$$tmp/net/$(NETWORK)"; \
	  "$(JARTOOL)" uf "$$tmp/kestrel.jar" -C "$$tmp/net" $(NETWORK); \
	  echo "make: $(EXE) has $(EVALFILE) as its built-in network" >&2; \
	fi; \
	opts=""; \
	if "$(JAVA)" -XX:TrimNativeHeapInterval=5000 -version >/dev/null 2>&1; then opts="-XX:TrimNativeHeapInterval=5000"; fi; \
	if "$(JAVA)" --add-modules jdk.incubator.vector -version >/dev/null 2>&1; then \
	  opts="$${opts:+$$opts }--add-modules jdk.incubator.vector"; fi; \
	if thp="$$("$(JAVA)" -XX:+UseTransparentHugePages -Xlog:disable -Xlog:all=warning:stdout -version 2>&1)" && \
	  ! printf '%s\n' "$$thp" | grep -qi 'disabled\|not supported\|warning'; then \
	  opts="$${opts:+$$opts }-XX:+UseTransparentHugePages"; fi; \
	{ printf '#!/bin/sh\n'; \
	  printf '# Kestrel, made by make EXE=...: this launcher, then the engine jar (docs/testing.md).\n'; \
	  printf 'if [ -z "$${JAVA:-}" ]; then if [ -n "$${JAVA_HOME:-}" ]; then JAVA="$$JAVA_HOME/bin/java"; else JAVA=java; fi; fi\n'; \
	  printf 'exec "$$JAVA" -Xss16m -XX:+UseSerialGC -Xmn8m -Xlog:disable -Xlog:all=warning:stderr -XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,kestrel.engine.nnue.VectorKernels::*,0.05 %s $${KESTREL_JAVA_OPTS:-} -jar "$$0" "$$@"\n' "$$opts"; \
	  cat "$$tmp/kestrel.jar"; } >"$(EXE).part"; \
	chmod +x "$(EXE).part"; mv -f "$(EXE).part" "$(EXE)"
	@echo "make: wrote $(EXE)" >&2

FORCE:
