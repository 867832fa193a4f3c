package io.github.plantstoremock.testcontainers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.command.InspectContainerResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * A plantstore-mock container for Testcontainers. Options map to the image's {@code PLANTSTORE_MOCK_*}
 * environment variables (the CLI's flags); files are copied in, not bind-mounted, so a remote runtime works
 * too; {@link #start()} waits until {@code GET /__mock/health} answers 200 and throws a
 * {@link MockStartException}, with the container's last log lines, when it does not.
 */
public class PlantStoreMockContainer extends GenericContainer<PlantStoreMockContainer> {
    /** The tag {@code docker build -t plantstore-mock .} gives the image. */
    public static final String DEFAULT_IMAGE = "plantstore-mock:latest";
    /** The port the image listens on inside the container. */
    public static final int MOCK_PORT = 4010;
    public static final String SPEC_DIR = "/spec";
    public static final String SCENARIOS_DIR = "/scenarios";
    public static final String DATA_DIR = "/data";
    public static final String OVERLAYS_DIR = "/overlays";
    /** Where {@link #withTls()} has the server write its generated CA ({@code --tls-ca-file}), for the module to copy out. */
    public static final String TLS_CA_FILE = "/tmp/plantstore-mock-ca.pem";
    /** The module's version: the project's one version number. */
    public static final String VERSION = "0.1.0";
    static final int LOG_LINES = 30;
    static final ObjectMapper JSON = new ObjectMapper();

    private final HealthWaitStrategy health = new HealthWaitStrategy();
    private final String imageName;
    private String adminToken;
    private boolean tls;
    private String caCertificate;
    private SSLContext sslContext;
    private volatile HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public PlantStoreMockContainer() {
        this(DEFAULT_IMAGE);
    }

    public PlantStoreMockContainer(String image) {
        this(DockerImageName.parse(image));
    }

    public PlantStoreMockContainer(DockerImageName image) {
        super(image);
        this.imageName = image.asCanonicalNameString();
        withExposedPorts(MOCK_PORT);
        waitingFor(health.withStartupTimeout(Duration.ofSeconds(60)));
    }

    // Options --------------------------------------------------------------------------------------------

    /** Any command-line flag by its name ({@code body-limit}, {@code stateful}, ...), as its environment variable. */
    public PlantStoreMockContainer withFlag(String name, String value) {
        String variable = "PLANTSTORE_MOCK_" + name.replaceFirst("^-+", "").replace('-', '_').toUpperCase(Locale.ROOT);
        return withEnv(variable, value);
    }

    /** Mocks this OpenAPI document (YAML or JSON) instead of the bundled one. */
    public PlantStoreMockContainer withSpec(Path document) {
        return withFlag("spec", copy(existingFile(document, "the OpenAPI document"), SPEC_DIR));
    }

    /** Mocks several documents (host files) on one server, each at its first servers URL's path. */
    public PlantStoreMockContainer withSpecs(Path... documents) {
        return withSpecs(Arrays.stream(documents).map(SpecDocument::of).toArray(SpecDocument[]::new));
    }

    /**
     * Mocks several documents on one server, each at its own base path ({@code SpecDocument.at("/billing", file)}
     * is {@code --spec /billing=FILE}); each is copied in and named by its file name, as on the command line.
     */
    public PlantStoreMockContainer withSpecs(SpecDocument... documents) {
        if (documents.length == 0) throw new IllegalArgumentException("withSpecs needs at least one document");
        List<String> command = new java.util.ArrayList<>();
        for (int i = 0; i < documents.length; i++) {
            // One folder each, so files of the same name keep their names.
            String target = copy(existingFile(documents[i].file(), "the OpenAPI document"), SPEC_DIR + "/" + (i + 1));
            command.add("--spec");
            command.add(documents[i].base() == null ? target : documents[i].base() + "=" + target);
        }
        return withCommand(command.toArray(String[]::new));
    }

    /**
     * Serves HTTPS (and HTTP/2) with a certificate made at start: {@link #getBaseUrl()} is https,
     * {@link #getCaCertificate()} / {@link #getSslContext()} the CA to trust, and the module's own calls (admin,
     * sessions, {@link #httpClient()}) trust it. The start waits for health over HTTPS.
     */
    public PlantStoreMockContainer withTls() {
        tls = true;
        health.overTls();
        return withFlag("tls", "true").withFlag("tls-ca-file", TLS_CA_FILE);
    }

    /**
     * Forwards routed requests to the real service at {@code url} (dialled from inside the container) and
     * reports where its answers drift from the document ({@code --proxy}; see {@link #getDrift()}).
     */
    public PlantStoreMockContainer withProxy(String url) {
        if (url == null || !url.matches("(?i)^https?://\\S+$")) {
            throw new IllegalArgumentException("withProxy needs an http:// or https:// URL; got \"" + url + "\"");
        }
        return withFlag("proxy", url);
    }

    /** Copies the scenario files of a host directory to /scenarios and loads them. */
    public PlantStoreMockContainer withScenariosDir(Path directory) {
        Path absolute = directory.toAbsolutePath();
        if (!Files.isDirectory(absolute)) {
            throw new IllegalArgumentException("the scenarios directory " + absolute + " does not exist or is not a directory");
        }
        try (Stream<Path> files = Files.list(absolute)) {
            files.filter(Files::isRegularFile).sorted().forEach(file -> copy(file, SCENARIOS_DIR));
        } catch (IOException error) {
            throw new UncheckedIOException("reading the scenarios directory " + absolute, error);
        }
        return withFlag("scenarios", SCENARIOS_DIR);
    }

    /** Seed records for {@code --stateful} (JSON or YAML), copied to /data. */
    public PlantStoreMockContainer withData(Path file) {
        return withFlag("data", copy(existingFile(file, "the seed data file"), DATA_DIR));
    }

    /**
     * Applies these OpenAPI Overlay (1.0 or 1.1) files, in order, to the document at load ({@code --overlay});
     * each is copied to /overlays/N (N from 1), so that files of the same name do not collide.
     */
    public PlantStoreMockContainer withOverlays(Path... overlays) {
        if (overlays.length == 0) throw new IllegalArgumentException("withOverlays needs at least one overlay file");
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < overlays.length; i++) {
            String target = copy(existingFile(overlays[i], "the overlay"), OVERLAYS_DIR + "/" + (i + 1));
            if (target.contains(",")) throw new IllegalArgumentException("an overlay's file name must hold no comma: " + target);
            targets.add(target);
        }
        return withFlag("overlay", String.join(",", targets));
    }

    /** Accepts only these bearer tokens; without it any non-empty token is accepted. */
    public PlantStoreMockContainer withTokens(String... tokens) {
        if (tokens.length == 0 || Arrays.stream(tokens).anyMatch(token -> token.isEmpty() || token.contains(","))) {
            throw new IllegalArgumentException("withTokens needs at least one token, none empty or containing a comma");
        }
        return withFlag("token", String.join(",", tokens));
    }

    /** Protects /__mock/ (but health) with this token; the module's admin calls send it. */
    public PlantStoreMockContainer withAdminToken(String token) {
        if (token.isEmpty()) throw new IllegalArgumentException("the admin token must not be empty");
        this.adminToken = token;
        return withFlag("admin-token", token);
    }

    public PlantStoreMockContainer withSeed(long seed) {
        if (seed < 0) throw new IllegalArgumentException("seed must be a non-negative integer; got " + seed);
        return withFlag("seed", Long.toString(seed));
    }

    public PlantStoreMockContainer withStateful() {
        return withFlag("stateful", "true");
    }

    /**
     * Shares sessions and records with other replicas through Valkey/Redis at this {@code redis://} or
     * {@code rediss://} URL (reachable from the container, e.g. a network alias), under the given key prefix.
     */
    public PlantStoreMockContainer withStore(String url, String prefix) {
        if (url == null || !(url.startsWith("redis://") || url.startsWith("rediss://"))) {
            throw new IllegalArgumentException("the store must be a redis:// or rediss:// URL; got " + url);
        }
        withFlag("store", url);
        return prefix == null || prefix.isEmpty() ? this : withFlag("store-prefix", prefix);
    }

    /** Starts with this scenario active for every request. */
    public PlantStoreMockContainer withScenario(String name) {
        return withFlag("scenario", name);
    }

    public PlantStoreMockContainer withLogLevel(String level) {
        return withFlag("log-level", level);
    }

    private static Path existingFile(Path file, String what) {
        Path absolute = file.toAbsolutePath();
        if (!Files.isRegularFile(absolute)) throw new IllegalArgumentException(what + " " + absolute + " does not exist or is not a file");
        return absolute;
    }

    private String copy(Path file, String directory) {
        String target = directory + "/" + file.getFileName();
        withCopyFileToContainer(MountableFile.forHostPath(file, 0644), target);
        return target;
    }

    // Life cycle ---------------------------------------------------------------------------------------

    /** With TLS, copies the CA out: the server wrote it before health answered. */
    @Override
    protected void containerIsStarted(InspectContainerResponse containerInfo) {
        super.containerIsStarted(containerInfo);
        if (!tls) return;
        String pem = copyFileFromContainer(TLS_CA_FILE, in -> new String(in.readAllBytes(), StandardCharsets.US_ASCII));
        if (!pem.contains("-----BEGIN CERTIFICATE-----")) {
            throw new MockStartException("the container serves HTTPS but " + TLS_CA_FILE + " holds no PEM certificate", lastLogsOrEmpty(), null);
        }
        caCertificate = pem;
        sslContext = TrustedCa.trusting(pem);
        http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).sslContext(sslContext).build();
    }

    @Override
    public void start() {
        try {
            super.start();
        } catch (RuntimeException error) {
            MockStartException known = find(error);
            String logs = known != null ? known.logs() : lastLogsOrEmpty();
            String cause = known != null ? known.cause() : "could not be started: " + rootMessage(error);
            stop();
            throw new MockStartException("the image " + imageName + " did not start: " + cause, logs, error);
        }
    }

    private static MockStartException find(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof MockStartException start) return start;
        }
        return null;
    }

    private static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null) root = root.getCause();
        return root == error ? String.valueOf(error.getMessage()) : error.getMessage() + ": " + root.getMessage();
    }

    private String lastLogsOrEmpty() {
        try {
            return getContainerId() == null ? "" : lastLogs();
        } catch (RuntimeException ignored) {
            return "";
        }
    }

    /** The container's last log lines. */
    public String lastLogs() {
        return lastLines(getLogs());
    }

    static String lastLines(String logs) {
        List<String> lines = logs.strip().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES), lines.size()));
    }

    // Where and what -----------------------------------------------------------------------------------

    /** The CA (PEM) of a mock started {@link #withTls()}, for a client to trust; null over plain HTTP. */
    public String getCaCertificate() {
        return caCertificate;
    }

    /** An SSL context trusting only the CA of a mock started {@link #withTls()}; null over plain HTTP. */
    public SSLContext getSslContext() {
        return sslContext;
    }

    /** The {@link HttpClient} the module's calls go through: it trusts the CA of a mock started {@link #withTls()}. */
    public HttpClient httpClient() {
        return http;
    }

    /** The mock as the test sees it, e.g. {@code http://127.0.0.1:32768} (https with {@link #withTls()}). */
    public String getBaseUrl() {
        String host = getHost();
        return (tls ? "https://" : "http://") + (host.contains(":") ? "[" + host + "]" : host) + ":" + getMappedPort(MOCK_PORT);
    }

    /**
     * Calls an admin endpoint ({@code /__mock/PATH}, query included) with a JSON body (null for none) and
     * returns its JSON (null when empty); an error status throws a {@link MockAdminException}.
     */
    public JsonNode admin(String method, String path, Object body) {
        String relative = path.replaceFirst("^/+", "");
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(getBaseUrl() + "/__mock/" + relative))
                    .timeout(Duration.ofSeconds(30))
                    .header("Accept", "application/json");
            if (adminToken != null) request.header("Authorization", "Bearer " + adminToken);
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode answer = response.body().isEmpty() ? null : JSON.readTree(response.body());
            if (response.statusCode() >= 400) {
                String message = answer != null && answer.path("message").isTextual() ? answer.path("message").asText() : response.body();
                throw new MockAdminException(method + " /__mock/" + relative + " answered " + response.statusCode() + ": " + message,
                        response.statusCode(), lastLogsOrEmpty());
            }
            return answer;
        } catch (IOException error) {
            throw new UncheckedIOException(method + " /__mock/" + relative, error);
        } catch (InterruptedException error) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + method + " /__mock/" + relative, error);
        }
    }

    /** {@code {status: "ok", spec, version}} while the mock serves. */
    public JsonNode health() {
        return admin("GET", "health", null);
    }

    /** The scenarios the mock knows and the active one. */
    public JsonNode scenarios() {
        return admin("GET", "scenarios", null);
    }

    /** The contract coverage report of every request. */
    public JsonNode coverage() {
        return admin("GET", "coverage", null);
    }

    /** The contract coverage report of one session. */
    public JsonNode coverage(String session) {
        return admin("GET", "coverage?session=" + URLEncoder.encode(session, StandardCharsets.UTF_8), null);
    }

    /** {@code GET /__mock/drift}: where the real service's answers ({@link #withProxy}) broke the document, per operation. */
    public JsonNode getDrift() {
        return admin("GET", "drift", null);
    }

    /** The drift report of one session. */
    public JsonNode getDrift(String session) {
        return admin("GET", "drift?session=" + URLEncoder.encode(session, StandardCharsets.UTF_8), null);
    }

    /** The coverage gate's verdict on every request (see {@link GateVerdict#check}). */
    public GateVerdict coverageGate(Double minPercent, boolean noViolations) {
        return GateVerdict.check(coverage(), minPercent, noViolations);
    }

    /** A handle on a fresh session (a random id). */
    public MockSession session() {
        return new MockSession(this, java.util.UUID.randomUUID().toString());
    }

    /** A handle on the session with this id. */
    public MockSession session(String id) {
        return new MockSession(this, id);
    }
}
