package io.github.plantstoremock.testcontainers;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The coverage gate's verdict, as the CLI's {@code coverage --min N --no-violations} gives it:
 * {@code assertTrue(verdict.pass(), verdict.reason())}.
 */
public record GateVerdict(boolean pass, String reason) {

    /**
     * Whether a coverage report clears the bar: at least {@code minPercent} (null: no bar) of the documented
     * responses served and, with {@code noViolations}, no request that broke the contract. Compared on the
     * counts, not the rounded percent, so 99.96% does not pass 100.
     */
    public static GateVerdict check(JsonNode report, Double minPercent, boolean noViolations) {
        JsonNode summary = report.path("summary");
        int documented = summary.path("documentedResponses").asInt();
        int served = summary.path("documentedResponsesServed").asInt();
        int violations = summary.path("violations").asInt();
        String percent = number(summary.path("percent").asDouble());
        String scope = report.path("session").isTextual() ? " (session " + report.path("session").asText() + ")" : "";
        if (minPercent != null && served * 100.0 < minPercent * documented) {
            return new GateVerdict(false, "coverage " + percent + "% is below --min " + number(minPercent) + "%" + scope + ": "
                    + served + " of " + documented + " documented responses served; never served: " + neverServed(report));
        }
        if (noViolations && violations > 0) {
            List<String> where = new ArrayList<>();
            for (JsonNode operation : report.path("operations")) {
                int count = operation.path("violations").asInt();
                if (count > 0) where.add(operation.path("method").asText() + " " + operation.path("path").asText() + " (" + count + ")");
            }
            int unmatched = report.path("unmatched").path("violations").asInt();
            if (unmatched > 0) where.add("unmatched (" + unmatched + ")");
            return new GateVerdict(false, violations + " request(s) broke the contract" + scope + ": " + String.join(", ", where));
        }
        return new GateVerdict(true, "coverage " + percent + "%" + scope + ": " + served + " of " + documented
                + " documented responses served, " + violations + " violation(s)");
    }

    private static String neverServed(JsonNode report) {
        List<String> missing = new ArrayList<>();
        for (JsonNode operation : report.path("operations")) {
            for (JsonNode response : operation.path("responses")) {
                for (JsonNode media : response.path("mediaTypes")) {
                    if (media.path("served").asInt() == 0) {
                        String type = media.path("mediaType").isTextual() ? " " + media.path("mediaType").asText() : "";
                        missing.add(operation.path("method").asText() + " " + operation.path("path").asText() + " "
                                + response.path("status").asText() + type);
                    }
                }
            }
        }
        if (missing.size() <= 5) return String.join(", ", missing);
        return String.join(", ", missing.subList(0, 5)) + " and " + (missing.size() - 5) + " more";
    }

    /** 50.0 as "50", 33.3 as "33.3": as the mock's own gate prints them. */
    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
