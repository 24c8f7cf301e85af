package dev.marketplace.account.group.service;

import java.util.List;
import java.util.Map;

/** Request bodies of the groups API. */
public final class GroupInputs {
    private GroupInputs() {
    }

    public record Group(String name, String description) {
    }

    public record UserRef(String userUuid) {
    }

    public record AppAssignment(String userUuid, String companyEntitlementUuid, Map<String, Object> parameters) {
    }

    public record AppUnassignment(Long userEntitlementId) {
    }

    public record Batch(List<UserRef> assignments, List<UserRef> unassignments, List<AppAssignment> appAssignmentRequests,
            List<AppUnassignment> appUnassignmentRequests) {
    }

    public record MemberResult(String userUuid, String result, String errorMessage) {
    }

    public record AppResult(Object request, String resultStatus, String errorMessage) {
    }

    public record BatchResult(List<MemberResult> groupAssignmentResponse, List<MemberResult> groupUnassignmentResponse,
            List<AppResult> appAssignmentResponses, List<AppResult> appUnassignmentResponses) {
    }
}
