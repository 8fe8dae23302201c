@echo off
rem Kestrel launcher for Windows.
rem
rem Arena (or any UCI GUI) users: point the GUI at this file, or at java.exe with
rem the parameters   -XX:+UseSerialGC -Xmn8m -Xss16m --add-modules jdk.incubator.vector -jar <folder>\kestrel.jar
rem (see docs\gui.md; without --add-modules it runs too, with a slower network).
rem
rem In the distribution (kestrel.jar beside this file) it only runs the jar. In
rem the source tree it runs uci\target\kestrel.jar and builds it with Maven when
rem it is missing (not when it is older than the sources, unlike ./kestrel:
rem rebuild with mvn -B -DskipTests package after changing them).
rem Everything it prints goes to stderr, except a Java that is missing or older
rem than 17, which it also reports as a UCI "info string" so that the GUI shows it.
rem
rem Environment: JAVA_HOME selects the Java runtime (as for Maven), JAVA the java
rem binary itself; KESTREL_JAVA_OPTS adds JVM options after the launcher's own,
rem and a collector named there (-XX:+UseG1GC, ...) replaces -XX:+UseSerialGC.
setlocal

set "ROOT=%~dp0"
set "JAR=%ROOT%kestrel.jar"
if exist "%ROOT%pom.xml" set "JAR=%ROOT%uci\target\kestrel.jar"

if defined JAVA goto havejava
set "JAVA=java"
if defined JAVA_HOME set "JAVA=%JAVA_HOME%\bin\java.exe"
:havejava

rem Java 17 or newer: the version line reads  ... version "17.0.15" ...  and older
rem ones "1.8.0_392", "11.0.2", "16"; the dot stands for the quote. Asked with the
rem Vector API module first, which the network's inference uses where the runtime
rem has it (docs\nnue.md); a runtime without it fails that and is asked again plainly.
set "VECTOR_OPTS=--add-modules jdk.incubator.vector"
"%JAVA%" %VECTOR_OPTS% -version 2>&1 | findstr /r /c:"version .1[7-9]" /c:"version .[2-9][0-9]" >nul
if not errorlevel 1 goto javaok
set "VECTOR_OPTS="
"%JAVA%" -version 2>&1 | findstr /r /c:"version .1[7-9]" /c:"version .[2-9][0-9]" >nul
if errorlevel 1 goto badjava
:javaok

if exist "%JAR%" goto run
if not exist "%ROOT%pom.xml" goto nojar

where mvn >nul 2>nul
if errorlevel 1 goto nomaven

echo kestrel: building uci\target\kestrel.jar ... 1>&2
pushd "%ROOT%"
set "MAVEN_OPTS=%MAVEN_OPTS% -Djansi.noreset=true"
call mvn -B -q -Dstyle.color=never -DskipTests package 1>&2
set "BUILD_RC=%ERRORLEVEL%"
popd
if not "%BUILD_RC%"=="0" goto buildfailed
if not exist "%JAR%" goto buildfailed

:run
set "GC_OPTS=-XX:+UseSerialGC -Xmn8m"
if not defined KESTREL_JAVA_OPTS goto launch
echo(%KESTREL_JAVA_OPTS%| findstr /r /c:"-XX:+Use[A-Za-z]*GC" >nul
if not errorlevel 1 set "GC_OPTS="
:launch
"%JAVA%" -Xss16m -Xlog:disable -Xlog:all=warning:stderr -XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,kestrel.engine.nnue.VectorKernels::*,0.05 %GC_OPTS% %VECTOR_OPTS% %KESTREL_JAVA_OPTS% -jar "%JAR%" %*
exit /b %ERRORLEVEL%

:badjava
echo kestrel: Kestrel needs Java 17 or newer; "%JAVA%" is missing or older. Install a Java 17+ runtime or set JAVA_HOME to one. 1>&2
echo info string kestrel: Kestrel needs Java 17 or newer; "%JAVA%" is missing or older. Install a Java 17+ runtime or set JAVA_HOME to one.
"%JAVA%" -version
exit /b 1

:nojar
echo kestrel: %JAR% is missing 1>&2
exit /b 1

:nomaven
echo kestrel: uci\target\kestrel.jar is missing and Maven (mvn) was not found 1>&2
exit /b 1

:buildfailed
echo kestrel: build failed, uci\target\kestrel.jar was not produced 1>&2
exit /b 1
