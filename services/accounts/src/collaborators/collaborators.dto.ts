import { COLLABORATOR_ROLES, CollaboratorLimits, type CollaboratorRole } from '@vitrina/contracts';
import { ApiProperty, pageQueryDto } from '@vitrina/platform';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';

export class CollaboratorsQueryDto extends pageQueryDto(CollaboratorLimits.pageSize, CollaboratorLimits.pageMax) {}

export class CollaboratorCreateDto {
  @ApiProperty({
    description: 'The e-mail or phone the person signs in with',
    minLength: CollaboratorLimits.usernameMin,
    maxLength: CollaboratorLimits.usernameMax,
  })
  @IsString()
  @MinLength(CollaboratorLimits.usernameMin)
  @MaxLength(CollaboratorLimits.usernameMax)
  username!: string;

  @ApiProperty({ enum: COLLABORATOR_ROLES })
  @IsIn(COLLABORATOR_ROLES)
  role!: CollaboratorRole;
}

export class CollaboratorPatchDto {
  @ApiProperty({ enum: COLLABORATOR_ROLES })
  @IsIn(COLLABORATOR_ROLES)
  role!: CollaboratorRole;
}
