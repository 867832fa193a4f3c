package io.github.plantstoremock.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.testcontainers.containers.Network;

/**
 * Several documents, HTTPS and a proxy: one "real service" serving two documents, and one mock over HTTPS
 * proxying to it (the same pair the Node, Python and Go modules' tests start).
 */
class SpecsTlsProxyTest {
    private static final String PLANT = "{\"id\": 1, \"name\": \"Ficus\"}";
    private static Network network;
    private static PlantStoreMockContainer upstream;
    private static PlantStoreMockContainer proxy;

    @BeforeAll
    static void startThePair() {
        String image = TestImage.name();
        network = Network.newNetwork();
        upstream = new PlantStoreMockContainer(image)
                .withSpecs(SpecDocument.of(TestImage.FIXTURES.resolve("drifting-store.yaml")),
                        SpecDocument.at("/tiny", TestImage.FIXTURES.resolve("tiny-store.yaml")))
                .withNetwork(network).withNetworkAliases("upstream");
        upstream.start();
        proxy = new PlantStoreMockContainer(image).withTls().withProxy("http://upstream:4010").withNetwork(network);
        proxy.start();
    }

    @AfterAll
    static void stopThePair() {
        if (proxy != null) proxy.stop();
        if (upstream != null) upstream.stop();
        if (network != null) network.close();
    }

    private static HttpResponse<String> post(MockSession session, String path) {
        return session.send(session.request(path).header("Authorization", "Bearer t").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(PLANT)));
    }

    /** The pair's cases every language module runs (modules/cases.json). */
    @TestFactory
    Stream<DynamicTest> pairCases() throws IOException {
        return Stream.of("upstream", "proxy").flatMap(name -> {
            try {
                PlantStoreMockContainer container = name.equals("proxy") ? proxy : upstream;
                return StreamSupport.stream(SharedCasesTest.pairCases(name).spliterator(), false).map(sharedCase ->
                        DynamicTest.dynamicTest(name + ": " + sharedCase.path("name").asText(), () -> SharedCasesTest.run(container, sharedCase)));
            } catch (IOException error) {
                throw new java.io.UncheckedIOException(error);
            }
        });
    }

    @Test
    void withSpecsServesEachCopiedInDocumentAtItsBasePath() {
        MockSession session = upstream.session();
        assertEquals(201, post(session, "/plants").statusCode());
        HttpResponse<String> tiny = post(session, "/tiny/plants");
        assertEquals(200, tiny.statusCode());
        assertEquals("{\"name\":\"Ficus\"}", tiny.body());
        List<String> specs = StreamSupport.stream(session.journal().spliterator(), false).map(entry -> entry.path("spec").asText()).sorted().toList();
        assertEquals(List.of("drifting-store", "tiny-store"), specs);
    }

    @Test
    void withTlsServesHttpsWhoseCaTheModuleExposesAndTrusts() {
        assertTrue(proxy.getBaseUrl().startsWith("https://"), proxy.getBaseUrl());
        assertTrue(proxy.getCaCertificate().contains("-----BEGIN CERTIFICATE-----"));
        assertEquals("ok", proxy.health().path("status").asText());
        HttpRequest health = HttpRequest.newBuilder(URI.create(proxy.getBaseUrl() + "/__mock/health")).build();
        assertThrows(IOException.class, () -> HttpClient.newHttpClient().send(health, HttpResponse.BodyHandlers.ofString()));
    }

    @Test
    void withProxyForwardsToTheRealServiceAndGetDriftReportsWhereItBrokeTheDocument() {
        MockSession session = proxy.session();
        HttpResponse<String> answer = post(session, "/plants");
        assertEquals(201, answer.statusCode(), answer.body());
        assertTrue(answer.headers().firstValue("x-mock-drift").orElse("").contains("status"), answer.headers().toString());
        JsonNode drift = proxy.getDrift(session.id());
        assertEquals(1, drift.path("summary").path("upstreamAnswers").asInt());
        assertEquals(1, drift.path("summary").path("driftingAnswers").asInt());
        assertEquals("status", drift.path("operations").path(0).path("findings").path(0).path("kind").asText());
    }
}
