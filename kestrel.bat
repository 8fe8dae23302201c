@echo off
rem Kestrel launcher for Windows.
rem
rem Arena (or any UCI GUI) users: point the GUI at this file, or configure the
rem engine command as   java -Xss16m -XX:+UseParallelGC -jar <repo>\uci\target\kestrel.jar
rem once the jar has been built (mvn -B -DskipTests package).
rem
rem Builds uci\target\kestrel.jar with Maven if it is missing (not when it is
rem older than the sources, unlike ./kestrel: rebuild by hand with
rem mvn -B -DskipTests package after changing them). Build output is
rem sent to stderr so that stdout stays clean for the UCI protocol.
rem Set JAVA to override the java binary, KESTREL_JAVA_OPTS for extra options.
setlocal

set "ROOT=%~dp0"
set "JAR=%ROOT%uci\target\kestrel.jar"
if not defined JAVA set "JAVA=java"
if not defined KESTREL_JAVA_OPTS set "KESTREL_JAVA_OPTS=-Xms64m"

if exist "%JAR%" goto run

where mvn >nul 2>nul
if errorlevel 1 goto nomaven

echo kestrel: building uci\target\kestrel.jar ... 1>&2
pushd "%ROOT%"
call mvn -B -q -DskipTests package 1>&2
set "BUILD_RC=%ERRORLEVEL%"
popd
if not "%BUILD_RC%"=="0" goto buildfailed
if not exist "%JAR%" goto buildfailed

:run
"%JAVA%" %KESTREL_JAVA_OPTS% -Xss16m -XX:+UseParallelGC -jar "%JAR%" %*
exit /b %ERRORLEVEL%

:nomaven
echo kestrel: uci\target\kestrel.jar is missing and Maven (mvn) was not found 1>&2
exit /b 1

:buildfailed
echo kestrel: build failed, uci\target\kestrel.jar was not produced 1>&2
exit /b 1
