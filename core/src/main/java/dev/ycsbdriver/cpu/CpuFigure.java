package dev.ycsbdriver.cpu;
public record CpuFigure(Double averagePercent, Double peakPercent, String unavailableReason) {}
