-- Library entities are read through <entity>_view like every entity of the records pipeline, so
-- their grid documents (schemas/grids/library-*.grid.json) search through /api/Grid (issue 10:
-- these relations were missing and every library grid answered 500). One table each: the view is
-- the table.
CREATE VIEW outsole_view AS SELECT * FROM outsoles;
CREATE VIEW midsole_view AS SELECT * FROM midsoles;
CREATE VIEW last_view AS SELECT * FROM lasts;
CREATE VIEW basic_color_view AS SELECT * FROM basic_colors;
CREATE VIEW cutting_pattern_view AS SELECT * FROM cutting_patterns;
CREATE VIEW developer_view AS SELECT * FROM developers;
CREATE VIEW development_center_view AS SELECT * FROM development_centers;
CREATE VIEW pattern_description_view AS SELECT * FROM pattern_descriptions;
CREATE VIEW pattern_name_view AS SELECT * FROM pattern_names;
